import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import { ChatWidget } from '../src/client/shell/ChatWidget';
import { Header } from '../src/client/shell/Header';
import { InstallPrompt } from '../src/client/shell/InstallPrompt';
import { LazyNotFound } from '../src/client/shell/LazyNotFound';
import { Toaster } from '../src/client/toast';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  component: RootLayout,
  notFoundComponent: LazyNotFound,
});

function RootLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-base-200">
      <Header />
      <div className="flex-1">
        <Outlet />
      </div>
      <Toaster />
      <InstallPrompt />
      <ChatWidget />
    </div>
  );
}
