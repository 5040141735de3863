// Slides the page in from the right when going deeper in the path, from the left when going up.
import { useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import classes from './PageTransition.module.css';

const depth = (path: string) => path.split('/').filter(Boolean).length;

export function PageTransition({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const prev = useRef({ path: pathname, dir: 'none' as 'left' | 'right' | 'none' });
  if (prev.current.path !== pathname) {
    const d = depth(pathname) - depth(prev.current.path);
    prev.current = { path: pathname, dir: d > 0 ? 'left' : d < 0 ? 'right' : 'none' };
  }
  return (
    <div key={pathname} className={classes.page} data-direction={prev.current.dir}>
      {children}
    </div>
  );
}
