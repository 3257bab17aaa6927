import { createContext, type ReactNode, useCallback, useContext } from 'react';
import type { AuthServices } from './auth-services.ts';

const AuthServicesContext = createContext<AuthServices | null>(null);

export function AuthServicesProvider({
  services,
  children,
}: {
  services: AuthServices;
  children: ReactNode;
}) {
  return <AuthServicesContext value={services}>{children}</AuthServicesContext>;
}

const MISSING = 'useLazyAuthServices needs an AuthServicesProvider (see app/start.tsx)';

/**
 * The services, read when called (e.g. by useSignOut in the always-rendered header), so components
 * rendered without the provider (route tests) do not fail until they actually use identity.
 */
export function useLazyAuthServices(): () => AuthServices {
  const services = useContext(AuthServicesContext);
  return useCallback(() => {
    if (!services) throw new Error(MISSING);
    return services;
  }, [services]);
}
