import PDFDocument from 'pdfkit';
import { amountInWords } from './amountInWords.ts';
import type { CreditNoteDocument, InvoiceDocument, ServicePeriod } from './invoiceDocument.ts';
import {
  indianDate,
  indianDateTime,
  paiseAmount,
  ratePercent,
  rupeeAmount,
} from './invoiceFormat.ts';
import { stateWithGstCode } from '@boli/engine/billing/gstStateCodes';
import { readFileSync } from 'node:fs';
import { SCRIPT_FONTS, textRuns } from './invoiceFonts.ts';

/*
 * The tax invoice, and the credit note that reverses one, as a one-page A4 PDF (pdfkit, built-in
 * Helvetica, so every machine renders the same bytes' worth of text: amounts read "Rs." since
 * Helvetica has no ₹; what members typed, in any Indian script, in the fonts of invoiceFonts.ts,
 * embedded). Layout: title, supplier
 * and invoice details side by side, the buyer and place of supply, a table of lines with their
 * tax (CGST + SGST within the supplier's state, IGST across states), totals, the total in words
 * and the payment reference an auditor matches against the provider.
 */

export type RenderOptions = {
  /** false writes the content streams uncompressed (tests read the text back). */
  readonly compress?: boolean;
};

const MARGIN = 40;
const PAGE_WIDTH = 595.28; // A4
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const BRAND = '#5f2f9d';

type Column = {
  readonly header: string;
  readonly width: number;
  readonly align: 'left' | 'right';
  readonly cell: (line: InvoiceDocument['lines'][number], index: number) => string;
  readonly total?: (totals: InvoiceDocument['totals']) => string;
};

/** The table's columns: the intra-state invoice shows CGST and SGST, the inter-state one IGST. */
function columnsFor(interState: boolean): Column[] {
  const lead: Column[] = [
    { header: '#', width: 18, align: 'left', cell: (_, i) => String(i + 1) },
    { header: 'Description', width: 0, align: 'left', cell: (l) => l.name },
    { header: 'SAC', width: 42, align: 'left', cell: (l) => l.sac },
    {
      header: 'Taxable value',
      width: 70,
      align: 'right',
      cell: (l) => paiseAmount(l.price),
      total: (t) => paiseAmount(t.price),
    },
  ];
  const tax = (name: 'CGST' | 'SGST' | 'IGST'): Column[] => {
    const key = name.toLowerCase() as 'cgst' | 'sgst' | 'igst';
    const rate = `${key}BasisPoints` as const;
    return [
      { header: `${name} rate`, width: 38, align: 'right', cell: (l) => ratePercent(l[rate]) },
      {
        header: `${name} amount`,
        width: 62,
        align: 'right',
        cell: (l) => paiseAmount(l[key]),
        total: (t) => paiseAmount(t[key]),
      },
    ];
  };
  const taxes = interState ? tax('IGST') : [...tax('CGST'), ...tax('SGST')];
  const last: Column = {
    header: 'Total',
    width: 78,
    align: 'right',
    cell: (l) => paiseAmount(l.total),
    total: (t) => paiseAmount(t.total),
  };
  const columns = [...lead, ...taxes, last];
  const fixed = columns.reduce((sum, column) => sum + column.width, 0);
  return columns.map((column) =>
    column.width === 0 ? { ...column, width: CONTENT_WIDTH - fixed } : column,
  );
}

/** What sets one document apart on the shared layout: its title, its details, how it ends. */
type Layout = {
  readonly title: string;
  /** The document's number, in the file's title. */
  readonly number: string;
  readonly subject: string;
  readonly issuedAt: string;
  /** The invoice whose parties, lines and tax the document shows. */
  readonly invoice: InvoiceDocument;
  readonly details: { readonly title: string; readonly lines: readonly string[] };
  /** Above the amount in words, e.g. 'Total credited'. */
  readonly totalLabel: string;
  readonly closing: { readonly title: string; readonly lines: readonly string[] };
  readonly footer: string;
};

/**
 * An instant in India's time, kept on one line: a narrow column breaks a line between the
 * date-times, not inside one ('07-03-2027' on one line, '16:10 IST' on the next).
 */
const wholeDateTime = (instant: string): string =>
  indianDateTime(instant).replaceAll(' ', '\u00a0');

/** An ad space's or slot's run, in India's time: its end is the first instant it is not shown. */
const servicePeriodLine = (period: ServicePeriod): string =>
  `Service period: ${wholeDateTime(period.from)} until ${wholeDateTime(period.until)}`;

/** Renders the invoice; resolves with the whole PDF file. */
export function renderInvoicePdf(
  invoice: InvoiceDocument,
  options: RenderOptions = {},
): Promise<Buffer> {
  const { payment } = invoice;
  return renderPdf(
    {
      title: 'Tax Invoice',
      number: invoice.invoiceNumber,
      subject: `Tax invoice for purchase ${invoice.purchaseId}`,
      issuedAt: invoice.issuedAt,
      invoice,
      details: {
        title: 'Invoice',
        lines: [
          `Invoice number: ${invoice.invoiceNumber}`,
          `Invoice date: ${indianDate(invoice.issuedAt)}`,
          `Financial year: ${invoice.financialYear}`,
          `Purchase: ${invoice.purchaseId}`,
          ...(invoice.purchaseFor ? [`For: ${invoice.purchaseFor}`] : []),
          ...(invoice.servicePeriod ? [servicePeriodLine(invoice.servicePeriod)] : []),
        ],
      },
      totalLabel: 'Total',
      closing: {
        title: 'Payment',
        lines: [
          `Paid by ${payment.method || 'online payment'} on ${wholeDateTime(payment.capturedAt)}`,
          `Amount received: ${rupeeAmount(payment.amount)}`,
          `Payment id: ${payment.paymentId}`,
          `Order id: ${payment.orderId}`,
        ],
      },
      footer:
        'Tax is not payable on reverse charge. This is a computer-generated invoice and needs no signature.',
    },
    options,
  );
}

/**
 * Renders the credit note: the invoice's parties, lines and tax, credited in full, with the
 * invoice it reverses and the refund that gave the money back.
 */
export function renderCreditNotePdf(
  creditNote: CreditNoteDocument,
  options: RenderOptions = {},
): Promise<Buffer> {
  const { invoice, refund } = creditNote;
  return renderPdf(
    {
      title: 'Credit Note',
      number: creditNote.creditNoteNumber,
      subject: `Credit note for purchase ${invoice.purchaseId}, reversing ${invoice.invoiceNumber}`,
      issuedAt: creditNote.issuedAt,
      invoice,
      details: {
        title: 'Credit note',
        lines: [
          `Credit note number: ${creditNote.creditNoteNumber}`,
          `Credit note date: ${indianDate(creditNote.issuedAt)}`,
          `Financial year: ${creditNote.financialYear}`,
          `Against invoice: ${invoice.invoiceNumber} of ${indianDate(invoice.issuedAt)}`,
          `Purchase: ${invoice.purchaseId}`,
        ],
      },
      totalLabel: 'Total credited',
      closing: {
        title: 'Refund',
        lines: [
          `Refunded on ${wholeDateTime(refund.refundedAt)}: ${rupeeAmount(refund.amount)}`,
          `Refund id: ${refund.refundId}`,
          `Payment id: ${refund.paymentId}`,
          // The ledger's words for the same refund, so an auditor matching the two reads one reason.
          // "Nothing under this invoice": a second payment's supply may have come with the first.
          `Reason: ${refund.reason ?? 'payment refunded'}; nothing was supplied under this invoice.`,
        ],
      },
      footer:
        'Issued under section 34 of the CGST Act, 2017: the tax above is reduced from the invoice named. This is a computer-generated credit note and needs no signature.',
    },
    options,
  );
}

function renderPdf(layout: Layout, options: RenderOptions): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    compress: options.compress ?? true,
    info: {
      Title: `${layout.title} ${layout.number}`,
      Author: layout.invoice.supplier.name,
      Subject: layout.subject,
      CreationDate: new Date(layout.issuedAt),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  for (const font of SCRIPT_FONTS) pdf.registerFont(font.name, fontFile(font.file));
  drawDocument(pdf, layout);
  pdf.end();
  return done;
}

function drawDocument(pdf: PDFKit.PDFDocument, layout: Layout): void {
  const { invoice } = layout;
  const { supplier, buyer, totals } = invoice;
  pdf.fillColor(BRAND).font('Helvetica-Bold').fontSize(20);
  pdf.text(layout.title, MARGIN, MARGIN, { width: CONTENT_WIDTH, align: 'center' });
  pdf.fillColor('black').moveDown(0.8);

  const top = pdf.y;
  const half = CONTENT_WIDTH / 2 - 10;
  block(pdf, MARGIN, top, half, 'Supplier', [
    supplier.name,
    supplier.address,
    `GSTIN: ${supplier.gstin}`,
    `State: ${stateWithGstCode(supplier.state)}`,
  ]);
  const leftBottom = pdf.y;
  block(
    pdf,
    MARGIN + CONTENT_WIDTH / 2 + 10,
    top,
    half,
    layout.details.title,
    layout.details.lines,
  );
  pdf.y = Math.max(leftBottom, pdf.y) + 12;

  const buyerTop = pdf.y;
  block(pdf, MARGIN, buyerTop, half, 'Billed to', [
    buyer.name || buyer.username,
    buyer.address,
    `State: ${buyer.state ? stateWithGstCode(buyer.state) : '-'}`,
    `Email: ${buyer.email}`,
    `Phone: ${buyer.phone}`,
  ]);
  const buyerBottom = pdf.y;
  block(pdf, MARGIN + CONTENT_WIDTH / 2 + 10, buyerTop, half, 'Place of supply', [
    stateWithGstCode(invoice.placeOfSupply),
    totals.igstBasisPoints > 0 ? 'Inter-state supply: IGST' : 'Intra-state supply: CGST + SGST',
  ]);
  pdf.y = Math.max(buyerBottom, pdf.y) + 16;

  drawTable(pdf, invoice);

  pdf.moveDown(1).font('Helvetica').fontSize(10);
  const summary: [string, string][] = [['Taxable value', rupeeAmount(totals.price)]];
  if (totals.igstBasisPoints > 0) {
    summary.push([`IGST @ ${ratePercent(totals.igstBasisPoints)}`, rupeeAmount(totals.igst)]);
  } else {
    summary.push([`CGST @ ${ratePercent(totals.cgstBasisPoints)}`, rupeeAmount(totals.cgst)]);
    summary.push([`SGST @ ${ratePercent(totals.sgstBasisPoints)}`, rupeeAmount(totals.sgst)]);
  }
  summary.push([layout.totalLabel, rupeeAmount(totals.total)]);
  for (const [label, value] of summary) {
    const y = pdf.y;
    pdf.font(label === layout.totalLabel ? 'Helvetica-Bold' : 'Helvetica');
    pdf.text(label, MARGIN + CONTENT_WIDTH - 260, y, { width: 140, lineBreak: false });
    pdf.text(value, MARGIN + CONTENT_WIDTH - 120, y, { width: 120, align: 'right' });
  }

  pdf.moveDown(0.8).font('Helvetica-Bold').text('Amount in words: ', MARGIN, pdf.y, {
    width: CONTENT_WIDTH,
    continued: true,
  });
  pdf.font('Helvetica').text(amountInWords(totals.total));

  pdf.moveDown(1.2);
  block(pdf, MARGIN, pdf.y, CONTENT_WIDTH, layout.closing.title, layout.closing.lines);

  pdf.moveDown(2).fontSize(8).fillColor('#555555');
  pdf.text(layout.footer, MARGIN, pdf.y, { width: CONTENT_WIDTH, align: 'center' });
}

/** A titled block of lines at (x, y); leaves pdf.y below it. */
function block(
  pdf: PDFKit.PDFDocument,
  x: number,
  y: number,
  width: number,
  title: string,
  lines: readonly string[],
): void {
  pdf.font('Helvetica-Bold').fontSize(10).fillColor(BRAND).text(title, x, y, { width });
  pdf.font('Helvetica').fontSize(9.5).fillColor('black');
  for (const line of lines.filter((text) => text.trim() !== ''))
    writeInScripts(pdf, line, x, pdf.y, width);
}

/** The font files, read once. */
const fontFiles = new Map<string, Buffer>();
const fontFile = (file: string): Buffer => {
  const read = fontFiles.get(file) ?? readFileSync(file);
  fontFiles.set(file, read);
  return read;
};

/**
 * A line that may hold what a member typed (a name, an address, an ad's title) at (x, y),
 * wrapped to `width`: each run in its script's font (textRuns), then Helvetica again. A script's
 * run is drawn in its shaped glyphs' order ('क्षत्रिय' puts ि's glyph before त्र), which copying,
 * searching or a screen reader would read back as 'क्षित्रय': it carries the text as typed
 * (`drawnAsTyped`).
 */
function writeInScripts(
  pdf: PDFKit.PDFDocument,
  line: string,
  x: number,
  y: number,
  width: number,
): void {
  const runs = textRuns(line);
  runs.forEach((run, index) => {
    const options = { width, continued: index < runs.length - 1 };
    pdf.font(run.font ?? 'Helvetica');
    const draw = () =>
      index === 0 ? pdf.text(run.text, x, y, options) : pdf.text(run.text, options);
    if (run.font === null) draw();
    else drawnAsTyped(pdf, run.text, draw);
  });
  pdf.font('Helvetica');
}

/**
 * What `draw` writes, marked as `text` for whoever reads the PDF's text back: each of its text
 * objects (BT … ET) in a span whose ActualText (PDF 32000-1 §14.9.4) is `text`, the first's, and
 * nothing, the rest's (a run wrapped onto a second line is read once). Inside each of pdfkit's own
 * `q … Q` around its text: poppler places a span's text by the coordinates in force at its end,
 * and pdfkit's `markContent` would end it after the `Q`, where they are no longer the text's.
 */
function drawnAsTyped(pdf: PDFKit.PDFDocument, text: string, draw: () => void): void {
  const addContent = pdf.addContent.bind(pdf);
  let said = false;
  pdf.addContent = (data: string) => {
    if (data === 'BT') {
      addContent(`/Span << /ActualText ${utf16Hex(said ? '' : text)} >> BDC`);
      said = true;
    }
    addContent(data);
    if (data === 'ET') addContent('EMC');
    return pdf;
  };
  try {
    draw();
  } finally {
    pdf.addContent = addContent;
  }
}

/** A PDF text string in UTF-16BE with its byte order mark, as hex: `<FEFF…>`. */
const utf16Hex = (text: string): string =>
  `<FEFF${Buffer.from(text, 'utf16le').swap16().toString('hex').toUpperCase()}>`;

function drawTable(pdf: PDFKit.PDFDocument, invoice: InvoiceDocument): void {
  const columns = columnsFor(invoice.totals.igstBasisPoints > 0);
  const row = (cells: string[], font: string, shade?: string) => {
    pdf.font(font).fontSize(8);
    const heights = cells.map((text, i) =>
      pdf.heightOfString(text, { width: columns[i]!.width - 6 }),
    );
    const height = Math.max(...heights) + 8;
    const y = pdf.y;
    if (shade) pdf.rect(MARGIN, y, CONTENT_WIDTH, height).fill(shade).fillColor('black');
    let x = MARGIN;
    cells.forEach((text, i) => {
      const column = columns[i]!;
      pdf.text(text, x + 3, y + 4, { width: column.width - 6, align: column.align });
      x += column.width;
    });
    pdf
      .moveTo(MARGIN, y + height)
      .lineTo(MARGIN + CONTENT_WIDTH, y + height)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    pdf.y = y + height;
  };
  row(
    columns.map((c) => c.header),
    'Helvetica-Bold',
    '#ece4f5',
  );
  invoice.lines.forEach((line, index) => {
    row(
      columns.map((c) => c.cell(line, index)),
      'Helvetica',
    );
  });
  row(
    columns.map((c, i) => (i === 1 ? 'Total (Rs.)' : c.total ? c.total(invoice.totals) : '')),
    'Helvetica-Bold',
  );
  pdf.x = MARGIN;
}
