import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import { TopBarSearchField } from '../../../components/TopBarSearchField.tsx';

/** The top bar's ad search: opens the ad list with ?search= (the list runs the search). */
export function AdSearchBox({ fullWidth = false }: { fullWidth?: boolean }) {
  const [params] = useSearchParams();
  const [text, setText] = useState(params.get('search') ?? '');
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const search = text.trim();
    navigate(search ? `/?search=${encodeURIComponent(search)}` : '/');
  };

  return (
    <Box component="form" role="search" onSubmit={submit} sx={{ width: fullWidth ? '100%' : 220 }}>
      <TopBarSearchField
        fullWidth
        placeholder="Search ads"
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{ htmlInput: { 'aria-label': 'Search ads', type: 'search' } }}
      />
    </Box>
  );
}
