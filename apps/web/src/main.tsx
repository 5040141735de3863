// Boot: read the public configuration, restore the session, then render.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './theme/global.css';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadAppConfig } from './config/app-config';
import { currentLocale } from './i18n';
import { boot } from './session/session-actions';

async function start() {
  document.documentElement.lang = currentLocale();
  const config = await loadAppConfig();
  document.documentElement.dataset.product = config.productName;
  void boot();
  createRoot(document.getElementById('root')!).render(<App config={config} />);
}

void start();
