import { useState, type FormEvent } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { OWNER_OR_DEALER } from '@boli/engine/ads/ad.events';
import { SPORTS_AD_TYPES } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { LoadFailure } from '../../../components/LoadFailure.tsx';
import {
  canClearFilters,
  changeFilter,
  NO_FILTERS,
  numberFilterOf,
  rangeProblem,
  type RangeProblem,
  showsIndiaFilters,
  showsSportsFilters,
  showsVehicleFilters,
  statesCountryOf,
  type AdFilterName,
  type AdFilters,
} from '../model/adFilters.ts';
import { useReferenceLists } from '../useReferenceLists.ts';
import { ChoiceField } from './ChoiceField.tsx';
import { useTypedRefusal } from '../../../lib/useTypedRefusal.ts';

type Props = {
  applied: AdFilters;
  onApply: (filters: AdFilters) => void;
  onCancel: () => void;
};

const ANY = 'Any';

/**
 * The ad list's filters (section 2): category, subcategory, country, state, district and
 * neighbourhood (India only), price range, and for vehicles make, model, year and mileage ranges
 * and Owner or Dealer. Choices are a draft until Apply Filter; Clear empties them and applies.
 */
export function AdFilterPanel({ applied, onApply, onCancel }: Props) {
  const [draft, setDraft] = useState(applied);
  const vehicle = showsVehicleFilters(draft);
  const india = showsIndiaFilters(draft);
  const lists = useReferenceLists(
    { category: draft.category, subcategory: draft.subcategory, make: draft.make },
    { country: statesCountryOf(draft), state: draft.state, district: draft.district },
    { vehicle, neighbourhoodsOfAds: true },
  );
  const price = rangeProblem(draft.priceFrom, draft.priceTo);
  const years = rangeProblem(draft.yearOfManufactureFrom, draft.yearOfManufactureTo);
  const mileage = rangeProblem(draft.mileageFrom, draft.mileageTo);
  const invalid = Boolean(price || (vehicle && (years || mileage)));

  const bind = (name: AdFilterName) => ({
    name,
    value: draft[name],
    onChange: (value: string) => setDraft((current) => changeFilter(current, name, value)),
  });
  // A key or paste a price or mileage refused ('-', 'e', a letter) is said under its box.
  const refusal = useTypedRefusal<AdFilterName>();
  /** A price or mileage box: its range's problem, if on this end, then what it refused. */
  const bindNumber = (
    name: AdFilterName,
    problem: RangeProblem | null,
    end: RangeProblem['at'],
  ) => {
    const lines = [
      problem?.at === end ? problem.message : undefined,
      refusal.hintOf(name, draft[name]),
    ].filter(Boolean);
    return {
      name,
      value: draft[name],
      onChange: (event: { target: { value: string } }) => {
        const number = numberFilterOf(name);
        if (number) refusal.typed(name, number, draft[name], event.target.value);
        setDraft((current) => changeFilter(current, name, event.target.value));
      },
      error: problem?.at === end,
      helperText: lines.length > 0 ? lines.join(' ') : undefined,
      slotProps: { htmlInput: { inputMode: 'decimal' as const } },
    };
  };
  /** A range's problem, marked on the end it is about. */
  const said = (problem: RangeProblem | null, end: RangeProblem['at']) =>
    problem?.at === end ? { error: true, helperText: problem.message } : {};

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!invalid) onApply(draft);
  };

  return (
    <Box
      component="form"
      aria-label="Filters"
      onSubmit={submit}
      noValidate
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
    >
      {lists.loadFailed && (
        <Box sx={{ mb: 2 }}>
          <LoadFailure message={MESSAGES.generic} onRetry={lists.retry} retrying={lists.retrying} />
        </Box>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' },
        }}
      >
        <ChoiceField
          label="Category"
          emptyLabel={ANY}
          options={lists.categories}
          {...bind('category')}
        />
        <ChoiceField
          label="Subcategory"
          emptyLabel={ANY}
          disabled={!draft.category}
          options={lists.subcategories}
          {...bind('subcategory')}
        />
        <ChoiceField
          label="Country"
          emptyLabel={ANY}
          options={lists.countries}
          {...bind('country')}
        />
        <ChoiceField label="State" emptyLabel={ANY} options={lists.states} {...bind('state')} />
        {india && (
          <ChoiceField
            label="District"
            emptyLabel={ANY}
            disabled={!draft.state}
            options={lists.districts}
            {...bind('district')}
          />
        )}
        {india && (
          <ChoiceField
            label="Neighbourhood"
            emptyLabel={ANY}
            disabled={!draft.district}
            options={lists.neighbourhoods}
            {...bind('neighbourHood')}
          />
        )}
        {showsSportsFilters(draft) && (
          <ChoiceField
            label="Team or Player"
            emptyLabel={ANY}
            options={SPORTS_AD_TYPES}
            {...bind('type')}
          />
        )}
        <TextField label="Price from (₹)" {...bindNumber('priceFrom', price, 'from')} />
        <TextField label="Price to (₹)" {...bindNumber('priceTo', price, 'to')} />
        {vehicle && (
          <>
            <ChoiceField
              label="Make"
              emptyLabel={ANY}
              typeWhenEmpty
              options={lists.makes}
              {...bind('make')}
            />
            <ChoiceField
              label="Model"
              emptyLabel={ANY}
              typeWhenEmpty
              disabled={!draft.make}
              options={lists.models}
              {...bind('model')}
            />
            <ChoiceField
              label="Year from"
              emptyLabel={ANY}
              options={lists.years}
              {...bind('yearOfManufactureFrom')}
              {...said(years, 'from')}
            />
            <ChoiceField
              label="Year to"
              emptyLabel={ANY}
              options={lists.years}
              {...bind('yearOfManufactureTo')}
              {...said(years, 'to')}
            />
            <TextField label="Mileage from (km)" {...bindNumber('mileageFrom', mileage, 'from')} />
            <TextField label="Mileage to (km)" {...bindNumber('mileageTo', mileage, 'to')} />
            <ChoiceField
              label="Owner or Dealer"
              emptyLabel={ANY}
              options={OWNER_OR_DEALER}
              {...bind('ownerOrDealer')}
            />
          </>
        )}
      </Box>
      <Stack
        direction="row"
        spacing={1}
        sx={{ mt: 2, justifyContent: 'flex-end', flexWrap: 'wrap' }}
      >
        <Button onClick={onCancel}>Cancel</Button>
        <Button
          disabled={!canClearFilters(draft)}
          onClick={() => {
            setDraft(NO_FILTERS);
            onApply(NO_FILTERS);
          }}
        >
          Clear
        </Button>
        <Button type="submit" variant="contained" disabled={invalid}>
          Apply Filter
        </Button>
      </Stack>
    </Box>
  );
}
