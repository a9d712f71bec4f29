import { useState } from 'react';
import { useSnackbar } from 'notistack';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MESSAGES } from '@boli/engine/shared/messages';
import { useSession } from '../../../app/session/sessionContext.ts';
import { busyProps } from '../../../components/busyProps.ts';
import { NO_WRAP } from '../../../components/cellStyles.ts';
import { TAP_TARGET } from '../../../components/tapTarget.ts';
import { downloadAttachment } from '../../../lib/attachmentDownload.ts';
import type { Transaction } from '../api/transactionsApi.ts';

/*
 * A purchase's tax documents to download: on the member's Transactions, and on their profile for
 * support (MemberPurchases), who settle a payment dispute with them.
 */

/** A purchase's tax documents: its invoice, and the credit note a refund reversed it with. */
type TaxDocument = 'invoice' | 'creditNote';

/** Each document in the link's words. */
const DOCUMENT_WORDS: Record<TaxDocument, string> = {
  invoice: 'invoice',
  creditNote: 'credit note',
};

/** Whether the purchase has an invoice (or credit note) to download yet. */
export const hasDocuments = (row: Transaction): boolean =>
  Boolean(row.invoiceUrl ?? row.creditNoteUrl);

/**
 * The invoice link and, once a refund reversed the invoice, the credit note's under it: captioned,
 * since its number alone ("CN/…") does not say what it is. Nothing for a document not issued.
 */
export function TaxDocuments({
  row,
  align,
  labelled = false,
}: {
  row: Transaction;
  align: 'flex-start' | 'flex-end';
  /** On a phone's card, where no column header says what the number is. */
  labelled?: boolean;
}) {
  return (
    <Stack sx={{ alignItems: align }}>
      {row.invoiceUrl && labelled && (
        <Typography variant="caption" color="textSecondary">
          Invoice (PDF)
        </Typography>
      )}
      {row.invoiceUrl && (
        <DocumentLink
          kind="invoice"
          number={row.invoiceNumber}
          url={row.invoiceUrl}
          purchaseId={row._id}
        />
      )}
      {row.creditNoteUrl && (
        <>
          <Typography variant="caption" color="textSecondary">
            Credit note
          </Typography>
          <DocumentLink
            kind="creditNote"
            number={row.creditNoteNumber}
            url={row.creditNoteUrl}
            purchaseId={row._id}
          />
        </>
      )}
    </Stack>
  );
}

/** Downloads one document (named by the api) with the member's token; shows its number. */
function DocumentLink({
  kind,
  number,
  url,
  purchaseId,
}: {
  kind: TaxDocument;
  number: string | null;
  url: string;
  purchaseId: string;
}) {
  const session = useSession();
  const { enqueueSnackbar } = useSnackbar();
  const [busy, setBusy] = useState(false);
  const words = DOCUMENT_WORDS[kind];
  const name = number ?? purchaseId;
  const download = async () => {
    setBusy(true);
    try {
      await downloadAttachment(url, session);
    } catch {
      enqueueSnackbar(MESSAGES.generic, { variant: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Link
      component="button"
      type="button"
      variant="body2"
      {...busyProps(busy)}
      onClick={() => {
        if (!busy) void download();
      }}
      aria-label={`Download ${words} ${name}`}
      sx={{ ...TAP_TARGET, ...NO_WRAP }}
    >
      {number ?? 'Download'}
    </Link>
  );
}
