import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { addressLine } from '@boli/engine/shared/address';
import { SHOWN_PHONE_ID } from '../../social/components/MobileRequestButton.tsx';
import { CASTING_FIELDS, fieldText, memberLinks, type Member } from '../api/member.ts';
import { PHONE_SHOWN_FOR_BID } from '../model/phoneShown.ts';

/**
 * A detail: its label beside it from a tablet's width, above it on a phone, so that an email
 * address has the screen's width rather than what a 150 px label leaves.
 */
function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 2 }} sx={{ py: 0.5 }}>
      <Typography color="textSecondary" sx={{ width: { sm: 150 }, flexShrink: 0 }}>
        {label}
      </Typography>
      <Typography component="div" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Stack>
  );
}

/**
 * A member's details, exactly as the api answered them: for another member the server has already
 * left out what is not shared and masked the phone (section 6), so absent fields are not shown.
 */
export function ProfileDetails({
  member,
  phoneAction,
}: {
  member: Member;
  phoneAction?: ReactNode;
}) {
  const text = (field: string) => fieldText(member, field);
  const other = Array.isArray(member.otherroles)
    ? member.otherroles.join(', ')
    : text('otherroles');
  const address = addressLine({
    houseno: text('houseno'),
    street: text('street'),
    neighbourhood: text('neighbourHood'),
    city: text('city'),
    district: text('district'),
    state: text('state'),
    country: text('country'),
    pincode: text('pincode'),
  });
  const phone = text('phone');
  const links = memberLinks(member).filter((link) => link.url);
  return (
    <Box data-testid="profile-details">
      <Row label="Name">
        {text('firstname')} {text('lastname')}
      </Row>
      <Row label="Username">{text('username')}</Row>
      {text('bidAlias') && <Row label="Bid alias">{text('bidAlias')}</Row>}
      {text('email') && <Row label="Email">{text('email')}</Row>}
      {phone && (
        <Row label="Mobile">
          {/* On a phone the number and its button each keep to one line; the button may drop
              below the number rather than break mid-word. */}
          <Stack
            direction="row"
            sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 1, rowGap: 0.5 }}
          >
            <span
              data-testid="profile-phone"
              id={SHOWN_PHONE_ID}
              tabIndex={-1}
              style={{ whiteSpace: 'nowrap' }}
            >
              {text('phoneCode')} {phone}
            </span>
            {phoneAction}
          </Stack>
          {/* Shown with their switch off and no request asked: the page says why. */}
          {text('phoneShownBecause') === 'bidOnYourAd' && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {PHONE_SHOWN_FOR_BID}
            </Typography>
          )}
        </Row>
      )}
      {text('gender') && <Row label="Gender">{text('gender')}</Row>}
      {text('dob') && <Row label="Date of birth">{text('dob')}</Row>}
      {text('bnr') && <Row label="Company">{text('bnr')}</Row>}
      {text('education') && <Row label="Education">{text('education')}</Row>}
      {address && <Row label="Address">{address}</Row>}
      {CASTING_FIELDS.map(([field, label]) => {
        const value = field === 'otherroles' ? other : text(field);
        return value ? (
          <Row key={field} label={label}>
            {value}
          </Row>
        ) : null;
      })}
      {links.length > 0 && (
        <Row label="Links">
          <Stack>
            {links.map((link) => (
              <Link key={link.url} href={link.url} target="_blank" rel="noopener noreferrer">
                {link.title || link.url}
              </Link>
            ))}
          </Stack>
        </Row>
      )}
    </Box>
  );
}
