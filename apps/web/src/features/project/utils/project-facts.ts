// What the domain policy needs to know about a project (company, id, managers) to decide an action.
import type { ProjectRecord, ResourceFacts } from '@sightline/domain';

export const projectFacts = (project: ProjectRecord): ResourceFacts => ({
  companyId: project.company.id,
  projectId: project.id,
  managerIds: project.managers.map((m) => m.id),
});
