// Builds the status feature on the system feature's health check.
import type { AppDeps } from '../../app-deps';
import { createSystemServices } from '../system/system.module';
import { StatusService } from './status.service';

export function createStatusServices(deps: Pick<AppDeps, 'database' | 'queue' | 'config' | 'storage'>) {
  return { status: new StatusService(deps, createSystemServices(deps).health) };
}
