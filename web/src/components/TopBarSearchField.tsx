import type { ComponentProps } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { NARROWEST_PHONE, ON_TOUCH, TOUCH_TARGET_PX } from '../app/theme.ts';

/** A search box's width on a wide bar: 220 px at the default text size, growing with the text. */
export const TOP_BAR_SEARCH_WIDTH = '13.75rem';

type Props = Omit<ComponentProps<typeof TextField>, 'size' | 'variant'>;

/**
 * A compact white search field that reads well on the purple top bar; on a touch screen as tall
 * as a button, a fingertip's size.
 */
export function TopBarSearchField({ sx, slotProps, ...props }: Props) {
  return (
    <TextField
      {...props}
      size="small"
      variant="outlined"
      sx={[
        {
          bgcolor: 'background.paper',
          borderRadius: 1,
          '& fieldset': { border: 'none' },
          // Without its border, the field shows the focus with an outline on the purple bar.
          '&:focus-within': { outline: 2, outlineColor: 'secondary.main', outlineOffset: 1 },
          '& .MuiInputBase-root': {
            [ON_TOUCH]: { minHeight: TOUCH_TARGET_PX },
            // Two boxes share a 320 px bar: less room before the text, so more of it shows.
            [NARROWEST_PHONE]: { pl: 1 },
          },
          '& .MuiInputBase-input': { [NARROWEST_PHONE]: { pr: 0.5 } },
          '& .MuiInputAdornment-root': { [NARROWEST_PHONE]: { mr: 0.5 } },
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
      slotProps={{
        ...slotProps,
        input: {
          ...(slotProps?.input as object | undefined),
          // Autocomplete passes its own (empty) start adornment; the search icon stays.
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
