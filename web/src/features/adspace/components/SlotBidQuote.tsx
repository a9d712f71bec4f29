import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { SlotSpaceType } from '@boli/engine/adspace/adSpace.rules';
import { LIMITS } from '@boli/engine/shared/limits';
import { useApi } from '../../../app/session/useApi.ts';
import { PriceBreakup } from '../../../payments/components/PriceBreakup.tsx';
import type { PurchaseInfo } from '../../../payments/api/purchaseInfo.ts';
import { quoteSlotBid } from '../api/adspaceApi.ts';
import { SLOT_BID_QUOTE_LABEL } from '../model/slotTerms.ts';

type Props = {
  slotdate: string;
  type: SlotSpaceType;
  /** The bid typed, in rupees; null while it could not be bid (`quotableSlotBid`). */
  amount: number | null;
};

/** The quote of one amount (null: it could not be had). */
type Quoted = { readonly of: string; readonly quote: PurchaseInfo | null };

/**
 * What the bidder pays should the bid typed win: the bid, its GST (CGST and SGST, or IGST, by
 * the member's state) and the total, as the server's billing works them out for the slot's sale —
 * the rule is not written again here. Asked once typing pauses; the lines of the amount before
 * stay, dimmed and marked busy, till the new ones come, so the form does not jump at every key.
 */
export function SlotBidQuote({ slotdate, type, amount }: Props) {
  const { request } = useApi();
  const [quoted, setQuoted] = useState<Quoted | null>(null);
  const asked = amount === null ? null : `${type}/${slotdate}/${amount}`;
  useEffect(() => {
    if (amount === null || asked === null) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      quoteSlotBid(request, { slotdate, type, bidamt: amount }, controller.signal).then(
        (quote) => setQuoted({ of: asked, quote }),
        () => {
          if (!controller.signal.aborted) setQuoted({ of: asked, quote: null });
        },
      );
    }, LIMITS.slotBidQuoteAfterTypingMs);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [request, slotdate, type, amount, asked]);

  if (asked === null || quoted === null) return null;
  const current = quoted.of === asked;
  if (quoted.quote === null) {
    return current ? (
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        The GST on this bid could not be worked out just now: the winner pays the bid plus GST.
      </Typography>
    ) : null;
  }
  return (
    <Box
      component="section"
      aria-label="What the winner pays"
      aria-busy={!current}
      sx={{ opacity: current ? 1 : 0.5, maxWidth: 420 }}
    >
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        If this bid wins, you pay within {LIMITS.slotPayWithinHours} hours:
      </Typography>
      <PriceBreakup breakup={quoted.quote} label={SLOT_BID_QUOTE_LABEL} priceLabel="Your bid" />
    </Box>
  );
}
