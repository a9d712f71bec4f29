import { useState, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { NARROWEST_PHONE } from '../../../app/theme.ts';
import { TOP_BAR_SEARCH_WIDTH, TopBarSearchField } from '../../../components/TopBarSearchField.tsx';
import { LIMITS } from '@boli/engine/shared/limits';
import { searchParamsOf } from '../model/adFilters.ts';

/** The ad list's addresses (routes.tsx): a search from there keeps the filters it shows. */
const AD_LIST_PATHS = new Set(['/', '/ads']);

/**
 * The top bar's ad search: opens the ad list with ?search=, which lists GET /api/posts/searchAds
 * (ranked by relevance, so a misspelt name still finds the ad), narrowed by the list's filters
 * when it is searched from the list.
 */
export function AdSearchBox({
  fullWidth = false,
  besideUserSearch = false,
}: {
  fullWidth?: boolean;
  /** Shares its row with Search users, so on the narrowest phones it is named in one word. */
  besideUserSearch?: boolean;
}) {
  const narrowest = useMediaQuery(NARROWEST_PHONE);
  const [params] = useSearchParams();
  const { pathname, search: shownQuery } = useLocation();
  // Only the ad list's ?search= is an ad search (the auditor's ledger has a search of its own).
  const searched = AD_LIST_PATHS.has(pathname) ? (params.get('search') ?? '') : '';
  const [text, setText] = useState(searched);
  // Leaving the results (Show all ads, the logo) empties the box; a new search fills it.
  const [shown, setShown] = useState(searched);
  if (shown !== searched) {
    setShown(searched);
    setText(searched);
  }
  const navigate = useNavigate();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const kept = AD_LIST_PATHS.has(pathname) ? params : new URLSearchParams();
    const query = searchParamsOf(text, kept).toString();
    const target = query ? `/?${query}` : '/';
    // The same search again is no new step for Back to undo.
    navigate(target, { replace: `${pathname}${shownQuery}` === target });
  };

  return (
    <Box
      component="form"
      role="search"
      onSubmit={submit}
      sx={{ width: fullWidth ? '100%' : TOP_BAR_SEARCH_WIDTH }}
    >
      <TopBarSearchField
        fullWidth
        placeholder={besideUserSearch && narrowest ? 'Ads' : 'Search ads'}
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{
          htmlInput: { 'aria-label': 'Search ads', type: 'search', maxLength: LIMITS.adSearchMax },
        }}
      />
    </Box>
  );
}
