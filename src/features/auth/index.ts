// What other features use of auth: the member's session and the sign-in dialog's controls. Only
// auth-context.tsx, which the home screen already loads, so importing this adds nothing to it.
export {
  AuthStoreContext,
  isAuthSettled,
  useAuth,
  useAuthStore,
  useAuthUi,
  useMemberId,
  type AuthMode,
  type AuthUi,
} from './auth-context.tsx';
