import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import Typography from '@mui/material/Typography';
import { ComingSoon } from '../../../components/ComingSoon.tsx';

/** The id in /ads/{ad_id} is either an ad's uid (it contains a hyphen) or its plain id. */
export function adReference(adId: string): { uid: string } | { id: string } {
  return adId.includes('-') ? { uid: adId } : { id: adId };
}

type Props = { bidArea?: ReactNode };

/** The ad detail; the bids and the bid form come from the bidding feature, composed by the app. */
export function AdDetailScreen({ bidArea }: Props) {
  const { adId = '' } = useParams();
  const reference = adReference(adId);
  return (
    <>
      <ComingSoon screen="Ad detail">
        <Typography variant="body2" color="text.secondary">
          {'uid' in reference ? `Ad uid: ${reference.uid}` : `Ad id: ${reference.id}`}
        </Typography>
      </ComingSoon>
      {bidArea}
    </>
  );
}
