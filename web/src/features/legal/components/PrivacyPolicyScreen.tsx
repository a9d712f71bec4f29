import Link from '@mui/material/Link';
import { LIMITS } from '@boli/engine/shared/limits';
import { LegalDocument, type LegalSection } from './LegalDocument.tsx';

/** Placeholder until the operator names its grievance officer's real address. */
export const PRIVACY_CONTACT_EMAIL = 'privacy@boli.example';

const contact = <Link href={`mailto:${PRIVACY_CONTACT_EMAIL}`}>{PRIVACY_CONTACT_EMAIL}</Link>;

const sections: LegalSection[] = [
  {
    heading: 'Information we collect',
    paragraphs: [
      'Account details you give us: name, username, bid alias, email address, mobile number, password (stored only as a one-way hash), date of birth, gender, address (house, street, city, neighbourhood, district, state, country and pincode), company name and profile picture, and any optional profile details you add.',
      'What you post and do on Boli: ads with their photos and videos, bids, reviews, requests to see another user’s mobile number, and messages to support.',
      'Payments: what you bought, amounts, taxes and the order and payment references. Card numbers, UPI PINs and bank credentials go to our payment provider directly; we never receive or store them.',
      'Technical information: IP address, browser and device type, and logs of requests. Your browser stores your login token and username on your device so that you stay logged in; logging out removes them.',
    ],
  },
  {
    heading: 'Why we use it',
    paragraphs: [
      'To create and secure your account and verify your email address and mobile number (by one-time passwords); to show your ads, bids and profile; to process payments and issue tax invoices; to send messages about your account and your bids; to answer support requests; to prevent fraud and abuse; and to meet our obligations under Indian law. We do not sell your personal information.',
    ],
  },
  {
    heading: 'What other users see',
    paragraphs: [
      'Other users see your username, bid alias, profile picture, reviews and your ads. You choose in Settings whether your email address, address and mobile number are shown; otherwise your mobile number is masked after its first three digits unless you approve a request to reveal it. An ad owner sees the names and mobile numbers of those who bid on that ad.',
    ],
  },
  {
    heading: 'Who we share it with',
    paragraphs: [
      'Our payment provider, which processes card and UPI payments; the providers that deliver our SMS and email messages; the companies that host our servers; professional advisers; and government authorities or courts when Indian law requires it. Each receives only what it needs for its task. If Boli’s business is transferred, your information passes to the new owner under this policy.',
    ],
  },
  {
    heading: 'How long we keep it',
    paragraphs: [
      'Account and profile details are kept while your account is open and deleted or anonymised within 90 days after you close it. Payment and tax records are kept for as long as Indian tax and accounting laws require. Security logs are kept for at least 180 days, as Indian cybersecurity rules require.',
    ],
  },
  {
    heading: 'Security',
    paragraphs: [
      'Connections to Boli are encrypted, passwords are hashed, and access to personal information is limited to the people who need it to run the service. No system is perfectly secure; if a breach affects your information we will tell you and the authorities as the law requires.',
    ],
  },
  {
    heading: 'Your rights',
    paragraphs: [
      <>
        Under the Digital Personal Data Protection Act, 2023 and the Information Technology Act,
        2000 you may ask to see the personal information we hold about you, correct or complete it,
        have it erased, withdraw your consent, and nominate someone to act for you. You can change
        most details yourself in Edit profile and Settings; for anything else write to {contact}.
        Withdrawing consent may mean we can no longer provide the service.
      </>,
    ],
  },
  {
    heading: 'Age',
    paragraphs: [
      `Boli is only for users aged ${LIMITS.minimumAgeYears} or over. We do not knowingly collect information about children; if we learn that we have, we delete it.`,
    ],
  },
  {
    heading: 'Grievances and contact',
    paragraphs: [
      <>
        Our Grievance Officer can be reached at {contact}. We acknowledge complaints within 24 hours
        and aim to resolve them within 15 days. If you are not satisfied, you may complain to the
        Data Protection Board of India.
      </>,
      'We may update this policy; the current version is always on this page, and we will tell you of important changes before they apply.',
    ],
  },
];

export function PrivacyPolicyScreen() {
  return (
    <LegalDocument
      title="Privacy Policy"
      intro="This policy explains what personal information Boli collects when you use our classified-ads, bidding, casting and jobs marketplace, why, who we share it with, and the rights you have."
      sections={sections}
    />
  );
}
