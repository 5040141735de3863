// Builds the participant feature's service (it opens its own transactions, so it takes the db handle).
import type { AppDeps } from '../../app-deps';
import { ParticipantService } from './participant.service';

export function createParticipantServices(deps: Pick<AppDeps, 'database'>) {
  return { participants: new ParticipantService(deps.database.db) };
}
