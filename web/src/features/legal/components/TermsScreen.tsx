import { Link as RouterLink } from 'react-router-dom';
import Link from '@mui/material/Link';
import { LIMITS } from '@boli/engine/shared/limits';
import { formatLongDate } from '../../../lib/format.ts';
import { LegalDocument, type LegalSection } from './LegalDocument.tsx';

const AGE = LIMITS.minimumAgeYears;
const TRIAL_DAYS = LIMITS.freeTrialDays;

const sections: LegalSection[] = [
  {
    heading: 'What Boli is',
    paragraphs: [
      'Boli is an online classified-ads and bidding marketplace for India. Registered users post ads for items, browse and search ads, and place Open or Hidden bids on the ads of others. Users may also bid on company shares and on dated advertising slots.',
      'Boli is also a casting and jobs platform: employers or production houses post opportunities, and jobseekers apply for them. In these terms an "employer" is a user who posts an opportunity (a production house included) and a "jobseeker" is a user who applies for one.',
    ],
  },
  {
    heading: 'Who may use Boli',
    paragraphs: [
      `Only users aged ${AGE} or over are admitted. By registering you confirm that you are at least ${AGE} years old and able to enter into a binding contract under Indian law.`,
      'You must give true and complete details when you register, verify your email address and mobile number, keep your password secret and keep one account only. You are responsible for everything done with your account.',
    ],
  },
  {
    heading: 'Fees and the free trial',
    paragraphs: [
      `A basic fee is charged for membership, which is needed to bid and to sell. A free ${TRIAL_DAYS}-day trial is offered to new members; after the trial the basic fee applies.`,
      'Other paid items are advertising space, a bid processing fee and a participation fee for bidding on company shares. Every price is shown before you pay, with its goods-and-services tax stated separately: state and central tax (SGST and CGST) when you are in the same state as Boli, integrated tax (IGST) when you are in another. Payments are made by card or UPI through our payment provider.',
    ],
  },
  {
    heading: 'No refunds',
    paragraphs: [
      'No refunds are given. Fees for membership, advertising space, bid processing and share-bid participation are not refundable once paid, whether or not the service is used, except where Indian law requires a refund.',
    ],
  },
  {
    heading: 'Ads and bids',
    paragraphs: [
      'You may advertise only items that you are entitled to sell and that are lawful to sell in India. Ads must describe the item truthfully, with real photos and a real price.',
      'A bid is an offer to the ad owner. The ad owner may make a final call with an expiry time and may close bidding early; after bidding closes no bids are accepted. Hidden bids are not shown to other bidders. Boli brings buyers and sellers together but is not a party to their sale; buyers and sellers complete the sale between themselves.',
    ],
  },
  {
    heading: 'Opportunities and applications',
    paragraphs: [
      'Employers and production houses must post only genuine opportunities, describe them truthfully, and must not ask jobseekers for money in return for an audition, a role or a job.',
      'Jobseekers must give true details in their profiles and applications. Boli does not employ jobseekers, does not act for employers and does not promise that any application will succeed.',
    ],
  },
  {
    heading: 'Conduct',
    paragraphs: [
      'Do not post anything unlawful, misleading, defamatory, obscene or infringing; do not harass other users, collect their details without consent, place bids you do not intend to honour, or interfere with the working of the platform. We may remove content and suspend or close accounts that break these terms.',
    ],
  },
  {
    heading: 'Your information',
    paragraphs: [
      <>
        How we collect and use personal information is described in our{' '}
        <Link component={RouterLink} to="/privacypolicy">
          Privacy policy
        </Link>
        . You choose in Settings whether other users see your mobile number, email address and
        address.
      </>,
    ],
  },
  {
    heading: 'Liability',
    paragraphs: [
      'Boli is provided as it is. To the extent the law allows, we are not liable for the items, opportunities, statements or conduct of users, nor for indirect losses. Nothing in these terms limits any liability that cannot be limited under Indian law.',
    ],
  },
  {
    heading: 'Changes, governing law and contact',
    paragraphs: [
      'We may change these terms; the date at the top shows the latest revision, and continuing to use Boli after a change means you accept it. These terms are governed by the laws of India.',
      <>
        Questions about these terms can be sent through the{' '}
        <Link component={RouterLink} to="/contactus">
          Contact Us
        </Link>{' '}
        page.
      </>,
    ],
  },
];

export function TermsScreen() {
  return (
    <LegalDocument
      title="Terms and Conditions"
      lastRevised={formatLongDate(LIMITS.termsLastRevised)}
      intro="These terms apply to everyone who visits or uses Boli. Please read them before registering."
      sections={sections}
    />
  );
}
