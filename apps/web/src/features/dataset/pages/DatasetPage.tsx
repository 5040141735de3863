// /train and /train/dataset: the dataset list, or one dataset's detail when ?id= is given. A query
// parameter keeps the route table equal to SPEC §2, which has no separate detail path.
import { useSearchParams } from 'react-router-dom';
import { DatasetDetailPage } from './DatasetDetailPage';
import { DatasetListPage } from './DatasetListPage';

export default function DatasetPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  return Number.isInteger(id) && id > 0 ? <DatasetDetailPage key={id} id={id} /> : <DatasetListPage />;
}
