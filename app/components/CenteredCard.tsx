import type { ReactNode } from "react";
import { CompanyLogo } from "./CompanyLogo";

/**
 * A plain centred card with the logo: the sign-out pages of the authorization server. To be replaced by the shared
 * sign-in layout (app/components/SignInLayout.tsx) once it exists.
 */
export function CenteredCard({ children }: { children: ReactNode }) {
  return (
    <main id="main" className="flex min-h-screen items-center justify-center p-6">
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-8 shadow-sm">
        <CompanyLogo className="mb-6 h-10 w-auto" />
        {children}
      </div>
    </main>
  );
}
