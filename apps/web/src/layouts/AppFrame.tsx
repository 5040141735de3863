// The frame every layout shares: 54 px header, optional side navigation (64 ↔ 210 px), the page with
// its slide transition, and optionally the copyright footer and the customer-service frame.
import { AppShell } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { LAYOUT } from '@sightline/domain';
import { Outlet } from 'react-router-dom';
import { CopyrightFooter } from '../components/CopyrightFooter';
import { PageTransition } from '../components/PageTransition';
import { CsFrame } from '../shell/CsFrame';
import { Header } from '../shell/header/Header';
import type { NavSection } from '../shell/nav/nav-items';
import { SideNav } from '../shell/nav/SideNav';

/**
 * The floating customer-service button (52 px, 24 px from the bottom) must never cover the end of a page
 * (e.g. the image grid's last thumbnail): pages that show it keep this much room below their content.
 */
export const CS_CLEARANCE = 24 + 52 + 20;

export interface AppFrameProps {
  nav: NavSection[] | null;
  footer?: boolean;
  csFrame?: boolean;
  /** Full-bleed pages (monitoring boards, viewers) skip the page padding. */
  padded?: boolean;
}

export function AppFrame({ nav, footer = false, csFrame = false, padded = true }: AppFrameProps) {
  const [collapsed, setCollapsed] = useLocalStorage({ key: 'sightline.navCollapsed', defaultValue: false });
  const width = collapsed ? LAYOUT.navClosed : LAYOUT.navOpen;
  return (
    <AppShell
      header={{ height: LAYOUT.headerHeight }}
      navbar={nav ? { width, breakpoint: 0 } : undefined}
      padding={0}
      transitionDuration={150}
      bg="gray.0"
    >
      <AppShell.Header withBorder={false}>
        <Header />
      </AppShell.Header>
      {nav && (
        <AppShell.Navbar withBorder={false} data-testid="navbar">
          <SideNav sections={nav} collapsed={collapsed} onToggle={() => setCollapsed(!collapsed)} />
        </AppShell.Navbar>
      )}
      <AppShell.Main style={{ display: 'flex', flexDirection: 'column' }}>
        <div style={{ flex: 1, padding: padded ? `28px 32px ${csFrame ? CS_CLEARANCE : 28}px` : 0 }}>
          <PageTransition>
            <Outlet />
          </PageTransition>
        </div>
        {footer && <CopyrightFooter />}
      </AppShell.Main>
      {csFrame && <CsFrame />}
    </AppShell>
  );
}
