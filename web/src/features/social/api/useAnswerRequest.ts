import { useCallback } from 'react';
import { useSnackbar } from 'notistack';
import { useApi } from '../../../app/session/useApi.ts';
import { answerRequest, type RequestAnswer } from './socialApi.ts';

/**
 * Gives an answer to a request for the member's number (the bell, the asker's profile) and says
 * the api's words for it; answers the refusal, or undefined once given. A refusal whose reply was
 * lost may have been given all the same: the caller reads the request again to know.
 */
export function useAnswerRequest(): (requestId: string, answer: RequestAnswer) => Promise<unknown> {
  const { envelope } = useApi();
  const { enqueueSnackbar } = useSnackbar();
  return useCallback(
    async (requestId, answer) => {
      try {
        const { msg } = await answerRequest(envelope, requestId, answer);
        if (msg) enqueueSnackbar(msg, { variant: 'success' });
        return undefined;
      } catch (error) {
        return error ?? new Error('refused');
      }
    },
    [envelope, enqueueSnackbar],
  );
}
