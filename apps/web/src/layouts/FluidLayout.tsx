// Fluid layout: no side navigation; the customer-service frame except on monitoring pages.
import { useLocation } from 'react-router-dom';
import { AppFrame } from './AppFrame';

export default function FluidLayout() {
  const { pathname } = useLocation();
  return <AppFrame nav={null} csFrame={!pathname.startsWith('/monitoring')} />;
}
