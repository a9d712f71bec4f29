import { useState, type ReactNode } from 'react';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useSession } from '../../app/session/sessionContext.ts';
import { NO_WRAP } from '../../components/cellStyles.ts';
import { TAP_TARGET } from '../../components/tapTarget.ts';
import { downloadAttachment } from '../../lib/attachmentDownload.ts';

/**
 * A tax document's number that downloads it with the viewer's token (staff screens: the audit
 * ledger, a slot's history); turns red when the download failed.
 */
function TaxDocumentLink({
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

/** A purchase's tax documents as the staff screens have them: their numbers and where they are. */
export type TaxDocuments = {
  readonly invoiceNumber: string | null;
  readonly invoiceUrl: string | null;
  readonly creditNoteNumber: string | null;
  readonly creditNoteUrl: string | null;
};

/**
 * The invoice's link, or `missing` when there is none; then, once a refund reversed it, the
 * credit note's, captioned since "CN/…" alone does not say what it is.
 */
export function TaxDocumentLinks({
  documents,
  missing,
}: {
  documents: TaxDocuments;
  missing: ReactNode;
}) {
  const { invoiceUrl, invoiceNumber, creditNoteUrl, creditNoteNumber } = documents;
  return (
    <>
      {invoiceUrl && invoiceNumber ? (
        <TaxDocumentLink kind="invoice" url={invoiceUrl} number={invoiceNumber} />
      ) : (
        missing
      )}
      {creditNoteUrl && creditNoteNumber && (
        <>
          <Typography variant="caption" color="textSecondary" sx={{ display: 'block' }}>
            Credit note
          </Typography>
          <TaxDocumentLink kind="credit note" url={creditNoteUrl} number={creditNoteNumber} />
        </>
      )}
    </>
  );
}
