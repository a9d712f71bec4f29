import { styled } from '@mui/material/styles';
import { MaterialDesignContent } from 'notistack';
import { STATUS_COLOURS } from './colours.ts';

/**
 * notistack's snackbars in colours their white text reads on at 4.5:1 or more (WCAG AA): its own
 * green and blue gave 3.3:1 and 3.1:1 ('Ad posted successfully.').
 */
const ReadableSnackbar = styled(MaterialDesignContent)({
  '&.notistack-MuiContent-success': { backgroundColor: STATUS_COLOURS.success },
  '&.notistack-MuiContent-info': { backgroundColor: STATUS_COLOURS.info },
  '&.notistack-MuiContent-warning': { backgroundColor: STATUS_COLOURS.warning },
  '&.notistack-MuiContent-error': { backgroundColor: STATUS_COLOURS.error },
});

/** SnackbarProvider's `Components`: every variant drawn readable. */
export const SNACKBAR_COMPONENTS = {
  success: ReadableSnackbar,
  info: ReadableSnackbar,
  warning: ReadableSnackbar,
  error: ReadableSnackbar,
};
