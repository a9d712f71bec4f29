import { useState } from 'react';
import Link from '@mui/material/Link';
import { useSession } from '../../../app/session/sessionContext.ts';
import { NO_WRAP } from '../../../components/cellStyles.ts';
import { TAP_TARGET } from '../../../components/tapTarget.ts';
import { downloadAttachment } from '../../../lib/attachmentDownload.ts';

/**
 * A tax document's number that downloads it with the viewer's token (staff screens: the audit
 * ledger, a slot's history); turns red when the download failed.
 */
export function TaxDocumentLink({
  kind,
  url,
  number,
}: {
  kind: 'invoice' | 'credit note';
  url: string;
  number: string;
}) {
  const session = useSession();
  const [failed, setFailed] = useState(false);
  return (
    <Link
      component="button"
      type="button"
      variant="body2"
      color={failed ? 'error' : 'primary'}
      aria-label={`Download ${kind} ${number}`}
      sx={{ ...TAP_TARGET, ...NO_WRAP }}
      onClick={() => {
        setFailed(false);
        downloadAttachment(url, session).catch(() => setFailed(true));
      }}
    >
      {number}
    </Link>
  );
}
