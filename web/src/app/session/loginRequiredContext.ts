import { createContext } from 'react';

/** Opens the login-required dialog; after Login the user comes back to `redirectTo`. */
export type AskToLogin = (redirectTo?: string) => void;

export const LoginRequiredContext = createContext<AskToLogin | null>(null);
