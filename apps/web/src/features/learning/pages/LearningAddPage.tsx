// /train/learning/add: a new training of the current project (?dataset=ID preselects the dataset).
import { LearningFormPage } from './LearningFormPage';

export default function LearningAddPage() {
  return <LearningFormPage mode="add" />;
}
