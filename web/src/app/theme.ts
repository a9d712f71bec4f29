import { createTheme } from '@mui/material/styles';
import { BOLI_PURPLE, PAGE_TINT, STATUS_COLOURS } from './colours.ts';

/**
 * On a touch screen every button is at least this tall (and an icon button this wide): a
 * fingertip's size, as Material Design and Apple's guidelines advise. A mouse keeps MUI's sizes.
 */
export const TOUCH_TARGET_PX = 44;
/** Styles for a touch screen's coarse pointer, a fingertip. */
export const ON_TOUCH = '@media (pointer: coarse)';
/**
 * Styles for screens narrower than the common 360 px phone (a 320 px one), measured in the
 * browser's text size (22.5em is 360 px at 16 px): a phone whose owner set large text lays out
 * as the narrower screen it is for that text, rather than run past its edge.
 */
export const NARROWEST_PHONE = '@media (max-width: 22.4969em)';

/** A focus ring drawn inside its element, for those whose container clips what is outside. */
const INSET_RING = { outlineOffset: -2, boxShadow: 'none' } as const;

export const theme = createTheme({
  // MUI's breakpoints (600, 900, 1200, 1536 px) in the browser's text size, for the same reason:
  // a laptop whose owner doubled the text shows the tablet's layout (cards, not a cramped table).
  // `down` ends a step/100 short of the next: 0.003125em, MUI's 0.05 px.
  breakpoints: {
    unit: 'em',
    step: 0.3125,
    values: { xs: 0, sm: 37.5, md: 56.25, lg: 75, xl: 96 },
  },
  palette: {
    primary: { main: BOLI_PURPLE },
    secondary: { main: '#f5a623' },
    // Text in these colours reads at 4.5:1 or more, on white and on the page's tint: MUI's
    // warning orange under white (the 'Final call till …' badge) is 3.1:1, its error red on the
    // tint (Contact Us, whose form sits on the page) 4.48:1.
    warning: { main: STATUS_COLOURS.warning },
    error: { main: STATUS_COLOURS.error },
    background: { default: PAGE_TINT },
  },
  shape: { borderRadius: 8 },
  components: {
    // An alert's text keeps room on a narrow phone (its dates whole): a button beside it (Retry,
    // Subscribe) goes below it there rather than squeeze it to a few words a line.
    MuiAlert: {
      styleOverrides: {
        root: { flexWrap: 'wrap' },
        message: { flex: '1 1 12rem', minWidth: 0 },
      },
    },
    // The narrowest phones give a dialog's fields the width its wide margins took (a date-time
    // field kept its AM/PM).
    MuiDialog: {
      styleOverrides: {
        paper: { [NARROWEST_PHONE]: { margin: 8 } },
        paperFullWidth: { [NARROWEST_PHONE]: { width: 'calc(100% - 16px)' } },
      },
    },
    MuiButton: {
      styleOverrides: {
        root: { textTransform: 'none', [ON_TOUCH]: { minHeight: TOUCH_TARGET_PX } },
      },
    },
    MuiIconButton: {
      styleOverrides: {
        root: { [ON_TOUCH]: { minWidth: TOUCH_TARGET_PX, minHeight: TOUCH_TARGET_PX } },
      },
    },
    // Filters (Waiting · Handled · All, the calendar's space types) and the pagers' pages.
    MuiToggleButton: {
      styleOverrides: { root: { [ON_TOUCH]: { minHeight: TOUCH_TARGET_PX } } },
    },
    // A chip that is a link or a button (an ad's "Phone: …", which calls it) is one too.
    MuiChip: {
      styleOverrides: { clickable: { [ON_TOUCH]: { minHeight: TOUCH_TARGET_PX } } },
    },
    // A checkbox or radio (Post Ad's 'Show my phone on the ad') is 42 px at MUI's padding.
    MuiCheckbox: {
      styleOverrides: { root: { [ON_TOUCH]: { padding: (TOUCH_TARGET_PX - 24) / 2 } } },
    },
    MuiRadio: {
      styleOverrides: { root: { [ON_TOUCH]: { padding: (TOUCH_TARGET_PX - 24) / 2 } } },
    },
    MuiPaginationItem: {
      styleOverrides: {
        root: { [ON_TOUCH]: { minWidth: TOUCH_TARGET_PX, height: TOUCH_TARGET_PX } },
      },
    },
    // A Stack spaces its items with a gap, not a margin on each but the first: a row that wraps
    // (an ad's Edit, Media and Share on a phone) starts its second line at the edge.
    MuiStack: { defaultProps: { useFlexGap: true } },
    // Initials on an avatar's colour (the orange secondary, MUI's grey) in dark ink: white on
    // them is under 2:1.
    MuiAvatar: {
      styleOverrides: { colorDefault: { color: 'rgba(0, 0, 0, 0.87)' } },
    },
    // Placeholders (the search boxes' only visible label) at 4.5:1 or more, not MUI's 2.6:1.
    // On a touch screen a small one-line field (40 px: the bid's alias and amount, the filters,
    // selects) is a fingertip's 44 px tall, its text centred in it …
    MuiInputBase: {
      styleOverrides: {
        input: { '&::placeholder': { opacity: 0.7 } },
        root: {
          [ON_TOUCH]: {
            '&.MuiInputBase-sizeSmall:not(.MuiInputBase-multiline)': {
              minHeight: TOUCH_TARGET_PX,
              // A select opens from its shown value alone, not from the field around it: that
              // value is the whole 44 px, not 40 centred in it.
              '& .MuiSelect-select': { paddingTop: 10.5, paddingBottom: 10.5 },
            },
          },
        },
      },
    },
    // A field that takes nothing (a closed slot's amount) looks it, filled grey: MUI's disabled
    // outline is hardly lighter than an enabled one, and an empty field's grey label alone reads
    // as a placeholder.
    MuiOutlinedInput: {
      styleOverrides: { root: { '&.Mui-disabled': { backgroundColor: 'rgba(0, 0, 0, 0.06)' } } },
    },
    // … and its label, inside it until filled, centred with the text.
    MuiInputLabel: {
      styleOverrides: {
        root: {
          [ON_TOUCH]: {
            '&.MuiInputLabel-sizeSmall.MuiInputLabel-outlined:not(.MuiInputLabel-shrink)': {
              transform: 'translate(14px, 11px) scale(1)',
            },
          },
          // A filled field's label sits on its outline by half its own height, which grows with
          // the text: MUI's fixed -9px put a large text's label over the value typed.
          '&.MuiInputLabel-outlined.MuiInputLabel-shrink': {
            transform: 'translate(14px, -0.5625rem) scale(0.75)',
          },
        },
      },
    },
    // Whatever the keyboard reaches (buttons, icon buttons, tabs, chips, switches, menu items)
    // is ringed, not only tinted: MUI's own pulse is faint, and lost on the purple top bar. Two
    // rings, so one shows on any background: white at the edge, purple a little out.
    MuiButtonBase: {
      styleOverrides: {
        root: {
          '&.Mui-focusVisible': {
            outline: `2px solid ${BOLI_PURPLE}`,
            outlineOffset: 2,
            boxShadow: '0 0 0 2px #fff',
          },
        },
      },
    },
    // Within what clips its edges (menus, lists, the bid tabs, a switch) the ring goes inside.
    // On a touch screen a menu item is a fingertip's height at any width: MUI makes it 36 px
    // from 600 px on, a phone held sideways.
    MuiMenuItem: {
      styleOverrides: {
        root: { '&.Mui-focusVisible': INSET_RING, [ON_TOUCH]: { minHeight: TOUCH_TARGET_PX } },
      },
    },
    MuiListItemButton: { styleOverrides: { root: { '&.Mui-focusVisible': INSET_RING } } },
    MuiTab: { styleOverrides: { root: { '&.Mui-focusVisible': INSET_RING } } },
    MuiSwitch: { styleOverrides: { switchBase: { '&.Mui-focusVisible': INSET_RING } } },
    // A card reached with the keyboard (the ad lists) is ringed, not only tinted a faint grey.
    MuiCardActionArea: {
      styleOverrides: {
        root: {
          '&.Mui-focusVisible': { outline: `3px solid ${BOLI_PURPLE}`, outlineOffset: -3 },
        },
      },
    },
  },
});
