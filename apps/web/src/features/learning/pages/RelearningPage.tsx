// /train/learning/relearning: continue a finished model with new or extra data of the same classes
// (?base=ID preselects the model, as the model page's "Relearn" button does; ?dataset=ID the dataset).
import { LearningFormPage } from './LearningFormPage';

export default function RelearningPage() {
  return <LearningFormPage mode="relearn" />;
}
