// Plays the page transition chosen by transitionFor (slide by path depth, zoom between areas).
import { useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import classes from './PageTransition.module.css';
import { transitionFor, type TransitionKind } from './page-transition';

export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const prev = useRef<{ path: string; dir: TransitionKind }>({ path: pathname, dir: 'none' });
  if (prev.current.path !== pathname) {
    prev.current = { path: pathname, dir: transitionFor(prev.current.path, pathname) };
  }
  return (
    <div
      key={pathname}
      className={classes.page}
      data-direction={prev.current.dir}
      data-testid="page-transition"
    >
      {children}
    </div>
  );
}
