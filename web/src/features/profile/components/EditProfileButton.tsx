import { Link as RouterLink } from 'react-router-dom';
import Button from '@mui/material/Button';
import EditIcon from '@mui/icons-material/Edit';

/**
 * Edit on the member's own profile, however it was opened (/profile-me, or by their name or id
 * as others open it): to /editprofile.
 */
export function EditProfileButton() {
  return (
    <Button
      component={RouterLink}
      to="/editprofile"
      variant="contained"
      startIcon={<EditIcon />}
      // Said alone (a screen reader's list of links), 'Edit' would not say what.
      aria-label="Edit profile"
    >
      Edit
    </Button>
  );
}
