import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export type LegalSection = { heading: string; paragraphs: ReactNode[] };

type Props = { title: string; intro?: ReactNode; lastRevised?: string; sections: LegalSection[] };

/** A long legal text: a title, its revision date, and numbered sections. */
export function LegalDocument({ title, intro, lastRevised, sections }: Props) {
  return (
    <Box
      component="article"
      sx={{ maxWidth: 860, mx: 'auto', px: { xs: 1, sm: 2 }, py: 3, lineHeight: 1.7 }}
    >
      <Typography variant="h4" component="h1" color="primary" gutterBottom>
        {title}
      </Typography>
      {lastRevised && (
        <Typography variant="subtitle2" component="p" color="textSecondary" gutterBottom>
          Last revised: {lastRevised}
        </Typography>
      )}
      {intro && <Typography sx={{ mb: 2 }}>{intro}</Typography>}
      {sections.map((section, index) => (
        <Box component="section" key={section.heading} sx={{ mt: 3 }}>
          <Typography variant="h6" component="h2" gutterBottom>
            {index + 1}. {section.heading}
          </Typography>
          {section.paragraphs.map((paragraph, at) => (
            <Typography key={at} sx={{ mb: 1.5 }}>
              {paragraph}
            </Typography>
          ))}
        </Box>
      ))}
    </Box>
  );
}
