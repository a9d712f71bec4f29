import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Autocomplete from '@mui/material/Autocomplete';
import { LIMITS } from '@boli/engine/shared/limits';
import { TopBarSearchField } from '../../../components/TopBarSearchField.tsx';

type FoundUser = { _id: string; username: string };

/**
 * The top bar's user search: asks from 3 characters on; choosing a user opens
 * /user_profile/{id}. The search call itself (GET /api/user/searchUser) comes with its issue.
 */
export function UserSearchBox({ fullWidth = false }: { fullWidth?: boolean }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const results: FoundUser[] = [];
  const tooShort = text.trim().length < LIMITS.userSearch.minChars;

  return (
    <Autocomplete<FoundUser>
      sx={{ width: fullWidth ? '100%' : 200 }}
      options={results}
      getOptionLabel={(user) => user.username}
      filterOptions={(users) => users}
      inputValue={text}
      onInputChange={(_event, value) => setText(value)}
      open={open && text.trim().length > 0}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      forcePopupIcon={false}
      noOptionsText={
        tooShort
          ? `Type at least ${LIMITS.userSearch.minChars} characters`
          : 'User search results are coming soon'
      }
      onChange={(_event, user) => {
        if (user) navigate(`/user_profile/${encodeURIComponent(user._id)}`);
      }}
      renderInput={(params) => (
        <TopBarSearchField
          {...params}
          placeholder="Search users"
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'aria-label': 'Search users' },
          }}
        />
      )}
    />
  );
}
