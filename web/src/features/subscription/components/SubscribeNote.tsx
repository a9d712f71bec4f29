import { Link as RouterLink } from 'react-router-dom';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { KeptWhole } from '../../../components/KeptWhole.tsx';
import { DATE_TIME_IN_TEXT } from '../../../lib/format.ts';

/**
 * A note above a form about the member's subscription (none, or a trial near its end), with the
 * way to /subscription: found on the page, not news of the moment, so read in its place rather
 * than interrupting. Its date-times are kept whole.
 */
export function SubscribeNote({ text, testId }: { text: string; testId: string }) {
  return (
    <Alert
      severity="info"
      role="note"
      data-testid={testId}
      action={
        <Button color="inherit" component={RouterLink} to="/subscription">
          Subscribe
        </Button>
      }
    >
      <KeptWhole text={text} pattern={DATE_TIME_IN_TEXT} />
    </Alert>
  );
}
