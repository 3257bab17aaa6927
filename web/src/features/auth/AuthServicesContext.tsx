import { createContext, type ReactNode, useContext } from 'react';
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

export function useAuthServices(): AuthServices {
  const services = useContext(AuthServicesContext);
  if (!services) throw new Error('useAuthServices needs an AuthServicesProvider (see main.tsx)');
  return services;
}
