import { useCallback, useMemo, useRef, useState } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router-dom';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import FilterListIcon from '@mui/icons-material/FilterList';
import { MESSAGES } from '@boli/engine/shared/messages';
import { countOf } from '../../../lib/format.ts';
import { useSession } from '../../../app/session/sessionContext.ts';
import { useApi } from '../../../app/session/useApi.ts';
import { Announcer } from '../../../components/Announcer.tsx';
import { CenteredSpinner } from '../../../components/CenteredSpinner.tsx';
import { LoadFailure } from '../../../components/LoadFailure.tsx';
import { StreamAds } from '../../adspace/components/StreamAds.tsx';
import { adsOf } from '../ads.api.ts';
import {
  activeFilterCount,
  adListOfParams,
  adListRequest,
  filtersProblem,
  isWordlessSearch,
  NO_FILTERS,
  paramsWithFilters,
  WORDLESS_SEARCH_HINT,
  withoutSearch,
  type PageAsked,
} from '../model/adFilters.ts';
import { resultsAnnouncement } from '../model/resultsAnnouncement.ts';
import { useAdPages } from '../useAdPages.ts';
import { AdCard, AdGrid } from './AdCard.tsx';
import { AdFilterPanel } from './AdFilterPanel.tsx';
import { AdListFooter } from './AdListFooter.tsx';

/**
 * The ad list (/ and /ads): guests read GET /api/globalAds, members GET /api/posts/filter, both
 * with the filter panel; with ?search= (the top bar's search box) it lists GET
 * /api/posts/searchAds instead, which the same filters narrow. Twenty ads a page, Load More while
 * pages come back full. The filters are in the address, and Back to the list shows the pages
 * that were loaded.
 */
export function AdListScreen() {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const { status } = useSession();
  const member = status === 'member';
  const { request } = useApi();
  const { search, filters } = useMemo(() => adListOfParams(params, member), [params, member]);
  const [panelOpen, setPanelOpen] = useState(false);
  // Another search: a panel left open holds choices not applied to it, so it closes.
  const [panelSearch, setPanelSearch] = useState(search);
  if (panelSearch !== search) {
    setPanelSearch(search);
    setPanelOpen(false);
  }
  const filterButton = useRef<HTMLButtonElement>(null);
  /**
   * The panel closed (applied or cancelled), or a button that goes with what it did (Clear
   * filters, Show all ads): the keyboard goes to Filter, which says what is now on.
   */
  const focusFilter = () => filterButton.current?.focus();
  const closePanel = () => {
    setPanelOpen(false);
    focusFilter();
  };

  const key = JSON.stringify({ member, search, filters });
  const fetchPage = useCallback(
    (asked: PageAsked) => {
      const { path, query } = adListRequest({ member, search, filters }, asked);
      return request<unknown>(path, { query }).then(adsOf);
    },
    [request, search, member, filters],
  );
  const pages = useAdPages(key, fetchPage);
  const { ads, loading, error, hasMore, retry } = pages;
  const filterCount = activeFilterCount(filters);
  const problem = filtersProblem(filters);

  return (
    <Stack spacing={2}>
      {/* On the narrowest phones Post Ad goes under the heading rather than the heading's words
          under each other. */}
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h5" component="h1" sx={{ flex: 1, whiteSpace: 'nowrap' }}>
          Ad list
        </Typography>
        <Badge badgeContent={filterCount} color="secondary">
          <Button
            ref={filterButton}
            variant={panelOpen ? 'contained' : 'outlined'}
            startIcon={<FilterListIcon />}
            aria-expanded={panelOpen}
            // The badge's count is drawn, not read: the name carries it.
            aria-label={filterCount > 0 ? `Filter (${filterCount} active)` : undefined}
            onClick={() => setPanelOpen((open) => !open)}
          >
            Filter
          </Button>
        </Badge>
        {member && (
          <Button variant="contained" startIcon={<AddIcon />} component={RouterLink} to="/postAd">
            Post Ad
          </Button>
        )}
      </Stack>
      {search && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography
            data-testid="search-summary"
            sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
          >
            Search results for “{search}”
            {filterCount > 0 && `, with ${countOf(filterCount, 'filter')} on`}
          </Typography>
          {/* The search goes; the filters stay, so with some on it does not show all ads. */}
          <Button
            component={RouterLink}
            to={{ pathname, search: withoutSearch(params) }}
            onClick={focusFilter}
          >
            {filterCount > 0 ? 'Clear search' : 'Show all ads'}
          </Button>
        </Stack>
      )}
      {/* A filter the address gives that rules every ad out, or that is no number and is not
          applied: said whether or not ads are listed. */}
      {problem && (
        <Typography color="error" data-testid="filters-problem">
          {problem}
        </Typography>
      )}
      <Collapse
        in={panelOpen}
        unmountOnExit
        // Escape cancels, as Cancel does, unless a list open in the panel took it to close.
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !event.defaultPrevented) closePanel();
        }}
      >
        <AdFilterPanel
          key={JSON.stringify(filters)}
          applied={filters}
          onApply={(next) => {
            setParams(paramsWithFilters(params, next));
            closePanel();
          }}
          onCancel={closePanel}
        />
      </Collapse>
      {error && <LoadFailure message={error} onRetry={retry} />}
      <Announcer message={resultsAnnouncement(loading, error, ads.length, hasMore)} />
      {ads.length > 0 && (
        <AdGrid>
          <StreamAds>
            {ads.map((ad, index) => (
              <AdCard key={ad._id} ad={ad} index={index} />
            ))}
          </StreamAds>
        </AdGrid>
      )}
      {loading && <CenteredSpinner label="Loading ads" />}
      {!loading && !error && ads.length === 0 && (
        <Stack spacing={1} sx={{ py: 4, alignItems: 'center', textAlign: 'center' }}>
          {/* Said by the Announcer above; a screen reader reading the page meets it there once. */}
          <Typography color="textSecondary" aria-hidden>
            {MESSAGES.noAdsAvailable}
          </Typography>
          {isWordlessSearch(search) && (
            <Typography color="textSecondary" data-testid="wordless-search">
              {WORDLESS_SEARCH_HINT}
            </Typography>
          )}
          {/* Filtered to nothing: the way out. */}
          {filterCount > 0 && (
            <>
              <Button
                onClick={() => {
                  setParams(paramsWithFilters(params, NO_FILTERS));
                  focusFilter();
                }}
              >
                Clear filters
              </Button>
            </>
          )}
        </Stack>
      )}
      <AdListFooter list={pages} />
    </Stack>
  );
}
