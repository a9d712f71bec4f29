import Typography from '@mui/material/Typography';

/** Said for a slot bid posted without a company, wherever its bids are listed. */
export const NO_COMPANY = 'No company given';

/** A slot bid's company, as bidders see it; "No company given", greyed, when it has none. */
export function CompanyName({ company }: { company: string }) {
  return (
    company || (
      <Typography component="span" variant="body2" color="textSecondary">
        {NO_COMPANY}
      </Typography>
    )
  );
}
