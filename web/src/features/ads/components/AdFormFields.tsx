import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { isIndia } from '@boli/engine/accounts/account.rules';
import { NEW_OR_USED, OWNER_OR_DEALER } from '@boli/engine/ads/ad.events';
import { SPORTS_AD_TYPES } from '@boli/engine/shared/limits';
import { MESSAGES } from '@boli/engine/shared/messages';
import { LoadFailure } from '../../../components/LoadFailure.tsx';
import { fieldErrorProps } from '../../../lib/fieldErrors.ts';
import { fieldTyped } from '../../../lib/numberInput.ts';
import { useTypedRefusal } from '../../../lib/useTypedRefusal.ts';
import {
  countedFieldHint,
  hasSportsType,
  hasVehicleFields,
  numberFieldOf,
  requiredAdFields,
  type AdForm,
  type AdFormErrors,
  type AdFormField,
} from '../model/adForm.ts';
import { useReferenceLists } from '../useReferenceLists.ts';
import { ChoiceField } from './ChoiceField.tsx';
import { usePincodeEmptied } from '../../../lib/usePincodeEmptied.ts';

type Props = {
  form: AdForm;
  errors: AdFormErrors;
  onChange: (field: AdFormField, value: string) => void;
  onDisplayPhone: (shown: boolean) => void;
  /** Said under the Address heading (Post Ad, while the profile's address is incomplete). */
  addressNote?: ReactNode;
};

const columns = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };

/**
 * The fields of Post New Ad and Edit Ad (section 5): required ones starred, Sports' type and the
 * vehicle fields only where they apply, dependent selects that wait for what they depend on, and
 * the item name's and the description's counts (at most 70, below 150 characters).
 */
export function AdFormFields({ form, errors, onChange, onDisplayPhone, addressNote }: Props) {
  const vehicle = hasVehicleFields(form);
  const india = isIndia(form.country);
  const required = requiredAdFields(form);
  const lists = useReferenceLists(
    { category: form.categoryname, subcategory: form.subcategory, make: form.make },
    { country: form.country, state: form.state, district: form.district },
    { vehicle },
  );
  // A key or paste Price or Mileage refused ('-', 'e', a letter) is said under the field.
  const refusal = useTypedRefusal<AdFormField>();
  // A changed place empties the pincode (lib/placeFields.ts), which says so.
  const pincodeEmptied = usePincodeEmptied();
  const change = (field: AdFormField, value: string) => {
    pincodeEmptied.changing(form, field, value);
    onChange(field, value);
  };
  const textProps = (field: AdFormField) => ({
    name: field,
    value: form[field],
    required: required.has(field),
    onChange: (event: { target: { value: string } }) => {
      const typed = fieldTyped(field, event.target.value);
      const number = numberFieldOf(field);
      if (number) refusal.typed(field, number, form[field], typed);
      change(field, typed);
    },
    helperText: refusal.hintOf(field, form[field]),
    ...fieldErrorProps(errors[field]),
  });
  const choiceProps = (field: AdFormField) => ({
    name: field,
    value: form[field],
    required: required.has(field),
    onChange: (value: string) => change(field, value),
    ...fieldErrorProps(errors[field]),
  });
  const itemName = countedFieldHint('itemName', form.itemName, errors.itemName);
  const description = countedFieldHint('description', form.description, errors.description);

  return (
    <>
      {/* Without them Category and the address's lists would look empty, as if there were none. */}
      {lists.loadFailed && (
        <LoadFailure message={MESSAGES.generic} onRetry={lists.retry} retrying={lists.retrying} />
      )}
      <TextField
        label="Item name"
        {...textProps('itemName')}
        error={itemName.error}
        helperText={itemName.hint}
      />
      <Box sx={columns}>
        <ChoiceField label="Category" options={lists.categories} {...choiceProps('categoryname')} />
        <ChoiceField
          label="Subcategory"
          disabled={!form.categoryname}
          options={lists.subcategories}
          {...choiceProps('subcategory')}
        />
        {hasSportsType(form) && (
          <ChoiceField label="Type" options={SPORTS_AD_TYPES} {...choiceProps('type')} />
        )}
        <TextField
          label="Price (₹)"
          {...textProps('price')}
          slotProps={{ htmlInput: { inputMode: 'decimal' }, formHelperText: { role: 'status' } }}
        />
      </Box>
      <TextField
        label="Description"
        multiline
        minRows={3}
        {...textProps('description')}
        error={description.error}
        helperText={description.hint}
      />
      <Box sx={columns}>
        <TextField
          label="Phone"
          {...textProps('phone')}
          {...(errors.phone?.length ? {} : { helperText: 'Empty: the number on your profile' })}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={form.displayPhone}
              onChange={(event) => onDisplayPhone(event.target.checked)}
            />
          }
          label="Show my phone on the ad"
        />
      </Box>
      {vehicle && (
        <>
          <Divider textAlign="left">Vehicle</Divider>
          <Box sx={columns}>
            <ChoiceField
              label="Manufacturer"
              typeWhenEmpty
              options={lists.makes}
              {...choiceProps('make')}
            />
            <ChoiceField
              label="Model"
              typeWhenEmpty
              disabled={!form.make}
              options={lists.models}
              {...choiceProps('model')}
            />
            <ChoiceField
              label="Year of manufacture"
              options={lists.years}
              {...choiceProps('yearOfManufacture')}
            />
            <TextField
              label="Mileage (km)"
              {...textProps('mileage')}
              slotProps={{
                htmlInput: { inputMode: 'numeric' },
                formHelperText: { role: 'status' },
              }}
            />
            <ChoiceField
              label="Owner or Dealer"
              options={OWNER_OR_DEALER}
              {...choiceProps('ownerOrDealer')}
            />
            <ChoiceField label="New or Used" options={NEW_OR_USED} {...choiceProps('newOrused')} />
          </Box>
        </>
      )}
      <Divider textAlign="left">Address</Divider>
      {addressNote}
      <Box sx={columns}>
        <TextField label="House number" {...textProps('houseno')} />
        <TextField label="Street" {...textProps('street')} />
        <TextField label="Town/Village" {...textProps('city')} />
        <ChoiceField
          label="Country"
          typeWhenEmpty
          options={lists.countries}
          {...choiceProps('country')}
        />
        <ChoiceField
          label="State"
          typeWhenEmpty
          disabled={!form.country}
          options={lists.states}
          {...choiceProps('state')}
        />
        {india && (
          <ChoiceField
            label="District"
            typeWhenEmpty
            disabled={!form.state}
            options={lists.districts}
            {...choiceProps('district')}
          />
        )}
        <ChoiceField
          label="Neighbourhood"
          typeWhenEmpty
          disabled={!form.state}
          options={lists.neighbourhoods}
          {...choiceProps('neighbourHood')}
        />
        <TextField
          label="Pincode"
          {...textProps('pincode')}
          {...(errors.pincode ? {} : { helperText: pincodeEmptied.hint })}
          slotProps={{ htmlInput: { inputMode: 'numeric' }, formHelperText: { role: 'status' } }}
        />
      </Box>
    </>
  );
}
