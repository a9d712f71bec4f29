import MenuItem from '@mui/material/MenuItem';
import type { AdSpaceType } from '@boli/engine/billing/products';
import { SPACE_TYPE_LABELS } from '../model/spaceTypes.ts';

/** The options of a space-type select, each by its label ('Side panels'). */
export const spaceTypeOptions = (types: readonly AdSpaceType[]) =>
  types.map((option) => (
    <MenuItem key={option} value={option}>
      {SPACE_TYPE_LABELS[option]}
    </MenuItem>
  ));
