import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import Autocomplete from '@mui/material/Autocomplete';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import useMediaQuery from '@mui/material/useMediaQuery';
import { NARROWEST_PHONE } from '../../../app/theme.ts';
import { LIMITS } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { messageOf } from '../../../app/api/client.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { Announcer } from '../../../components/Announcer.tsx';
import { TOP_BAR_SEARCH_WIDTH, TopBarSearchField } from '../../../components/TopBarSearchField.tsx';
import { countOf } from '../../../lib/format.ts';
import { isTooShortToSearch } from '@boli/engine/accounts/userSearch';

type FoundUser = {
  _id: string;
  username: string;
  firstname?: string;
  lastname?: string;
  profilepic?: string;
  /** Staff find blocked members too, marked so before they open the profile. */
  blocked?: boolean;
};

/** Typing pauses this long before the search is asked. */
const DEBOUNCE_MS = 300;

const isFoundUser = (value: unknown): value is FoundUser =>
  typeof value === 'object' &&
  value !== null &&
  'username' in value &&
  typeof value.username === 'string' &&
  '_id' in value;

/**
 * The top bar's user search (section 5): asks GET /api/user/searchUser from 3 characters on, 10
 * at a time; choosing a user (Enter: the first) opens /user_profile/{id}; nothing found reads
 * 'No Users Found'; a search that failed says why, with Retry.
 */
export function UserSearchBox({ fullWidth = false }: { fullWidth?: boolean }) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [results, setResults] = useState<FoundUser[]>([]);
  const [loading, setLoading] = useState(false);
  /** Why the last search failed (section 7's generic message, or the api's own), till the next. */
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const navigate = useNavigate();
  const narrowest = useMediaQuery(NARROWEST_PHONE);
  const { request } = useApi();
  const key = text.trim();
  const tooShort = isTooShortToSearch(key);

  useEffect(() => {
    setFailure(null);
    if (tooShort) {
      setResults([]);
      return;
    }
    let live = true;
    setLoading(true);
    const timer = window.setTimeout(() => {
      request<unknown>('/api/user/searchUser', {
        query: { key, page: LIMITS.userSearch.firstPage, limit: LIMITS.userSearch.limit },
      })
        .then(
          (data) => live && setResults(Array.isArray(data) ? data.filter(isFoundUser) : []),
          // Not 'No Users Found': nobody was looked for.
          (error: unknown) => {
            if (!live) return;
            setResults([]);
            setFailure(messageOf(error));
          },
        )
        .finally(() => live && setLoading(false));
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [key, tooShort, request, attempt]);

  // What a search found is said: the list's own text is read only for none ('No Users Found').
  const found = open && !tooShort && !loading && results.length > 0;
  return (
    <Box sx={{ position: 'relative', width: fullWidth ? '100%' : TOP_BAR_SEARCH_WIDTH }}>
      {/* A failure says itself (its alert). */}
      <Announcer message={found ? `${countOf(results.length, 'user')} found.` : ''} />
      <Autocomplete<FoundUser>
        sx={{ width: '100%' }}
        options={results}
        loading={loading}
        getOptionLabel={(user) => user.username}
        isOptionEqualToValue={(a, b) => String(a._id) === String(b._id)}
        filterOptions={(users) => users}
        // It holds no choice: a user chosen is opened, and the box is empty again for the next
        // search (a username left in it searched for the profile already open).
        value={null}
        inputValue={text}
        onInputChange={(_event, value, reason) => {
          if (reason === 'input' || reason === 'clear') setText(value);
        }}
        open={open && key.length > 0}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        forcePopupIcon={false}
        // On a narrow phone the box is a third of the bar: the list is wider than it, a whole
        // username a line, and kept on the screen (it ends where the box ends).
        slotProps={{
          popper: { placement: 'bottom-end', sx: { minWidth: 'min(16rem, calc(100vw - 16px))' } },
        }}
        noOptionsText={
          tooShort ? (
            `Type at least ${LIMITS.userSearch.minChars} characters`
          ) : failure !== null ? (
            <Box role="alert" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Box component="span" sx={{ flex: 1, color: 'error.main' }}>
                {failure}
              </Box>
              {/* Pressed without leaving the box, which would close the list. */}
              <Button
                size="small"
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => setAttempt((n) => n + 1)}
              >
                Retry
              </Button>
            </Box>
          ) : (
            MESSAGES.noUsersFound
          )
        }
        // Enter opens the first user found, without an arrow key first.
        autoHighlight
        renderOption={({ key: optionKey, ...props }, user) => (
          <Box component="li" key={optionKey} {...props} sx={{ gap: 1 }}>
            <Avatar src={user.profilepic} alt="" sx={{ width: 28, height: 28, flexShrink: 0 }}>
              {user.username.charAt(0).toUpperCase()}
            </Avatar>
            {/* The name under the username, both wrapping if they must. */}
            <Box component="span" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
              {user.username}
              {user.blocked === true && (
                <Box component="span" sx={{ color: 'error.main', fontWeight: 500 }}>
                  {' · Blocked'}
                </Box>
              )}
              {(user.firstname || user.lastname) && (
                <Box component="span" sx={{ display: 'block', color: 'text.secondary' }}>
                  {[user.firstname, user.lastname].filter(Boolean).join(' ')}
                </Box>
              )}
            </Box>
          </Box>
        )}
        onChange={(_event, user) => {
          if (user) {
            setText('');
            navigate(`/user_profile/${encodeURIComponent(String(user._id))}`);
          }
        }}
        renderInput={(params) => (
          <TopBarSearchField
            {...params}
            // Whole on the narrowest phones too, where it shares the bar with Search ads.
            placeholder={narrowest ? 'Users' : 'Search users'}
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'aria-label': 'Search users' },
            }}
          />
        )}
      />
    </Box>
  );
}
