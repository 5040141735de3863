// The route table: EVERY route of SPEC §2, each with its layout, area and lazily imported page.
// Each page is `lazyPage(() => import('../features/<f>/pages/XPage'))`.
import type { ComponentType } from 'react';
import { lazyPage } from './lazy-page';
import type { AppRoute, Area, LayoutName } from './route-meta';

const LoginPage = lazyPage(() => import('../features/auth/pages/LoginPage'));
const HomePage = lazyPage(() => import('../features/home/pages/HomePage'));
const ChangePasswordPage = lazyPage(() => import('../features/auth/pages/ChangePasswordPage'));
const IntroPage = lazyPage(() => import('../features/public/pages/IntroPage'));
const PrivacyPolicyPage = lazyPage(() => import('../features/public/pages/PrivacyPolicyPage'));
const CustomerServicePage = lazyPage(() => import('../features/public/pages/CustomerServicePage'));
const DatasetPage = lazyPage(() => import('../features/dataset/pages/DatasetPage'));
const LearningListPage = lazyPage(() => import('../features/learning/pages/LearningListPage'));
const LearningAddPage = lazyPage(() => import('../features/learning/pages/LearningAddPage'));
const RelearningPage = lazyPage(() => import('../features/learning/pages/RelearningPage'));
const LearningModelPage = lazyPage(() => import('../features/learning/pages/LearningModelPage'));

const EvaluationListPage = lazyPage(() => import('../features/evaluation/pages/EvaluationListPage'));
const EvaluationAddPage = lazyPage(() => import('../features/evaluation/pages/EvaluationAddPage'));
const EvaluationDetailPage = lazyPage(() => import('../features/evaluation/pages/EvaluationDetailPage'));
const EvaluationResultPage = lazyPage(() => import('../features/evaluation/pages/EvaluationResultPage'));
const CompareListPage = lazyPage(() => import('../features/compare/pages/CompareListPage'));
const CompareDetailPage = lazyPage(() => import('../features/compare/pages/CompareDetailPage'));
const LineStatusPage = lazyPage(() => import('../features/monitoring/pages/LineStatusPage'));
const InspectionPage = lazyPage(() => import('../features/monitoring/pages/InspectionPage'));
const VerificationOptionPage = lazyPage(() => import('../features/monitoring/pages/VerificationOptionPage'));
const InspectionReportPage = lazyPage(() => import('../features/monitoring/pages/InspectionReportPage'));
const SamplingPage = lazyPage(() => import('../features/monitoring/pages/SamplingPage'));
const InspectionDetailPage = lazyPage(() => import('../features/monitoring/pages/InspectionDetailPage'));
const LineReportPage = lazyPage(() => import('../features/monitoring/pages/LineReportPage'));
const ModelHistoryPage = lazyPage(() => import('../features/monitoring/pages/ModelHistoryPage'));
const NoticeListPage = lazyPage(() => import('../features/notice/pages/NoticeListPage'));
const NoticeDetailPage = lazyPage(() => import('../features/notice/pages/NoticeDetailPage'));
const CsNoticePage = lazyPage(() => import('../features/notice/pages/CsNoticePage'));
const ProductPrivacyPage = lazyPage(() => import('../features/notice/pages/ProductPrivacyPage'));
const PdfViewerPage = lazyPage(() => import('../features/notice/pages/PdfViewerPage'));
const NoticeAdminListPage = lazyPage(() => import('../features/notice/pages/NoticeAdminListPage'));
const NoticeAdminDetailPage = lazyPage(() => import('../features/notice/pages/NoticeAdminDetailPage'));
const NoticeFormPage = lazyPage(() => import('../features/notice/pages/NoticeFormPage'));
const UseHistoryPage = lazyPage(() => import('../features/usage/pages/UseHistoryPage'));
const MyStatisticsPage = lazyPage(() => import('../features/usage/pages/MyStatisticsPage'));
const AdminStatisticsPage = lazyPage(() => import('../features/usage/pages/AdminStatisticsPage'));
const ResourceMonitoringPage = lazyPage(() => import('../features/usage/pages/ResourceMonitoringPage'));
const StatusPage = lazyPage(() => import('../features/status/pages/StatusPage'));
const WireframePage = lazyPage(() => import('../features/wireframe/pages/WireframePage'));
// Tenancy pages, one feature per resource; the /admin and /my route groups below share the project and user pages.
const DashboardPage = lazyPage(() => import('../features/dashboard/pages/DashboardPage'));
const HistoryPage = lazyPage(() => import('../features/history/pages/HistoryPage'));
const CompanyListPage = lazyPage(() => import('../features/company/pages/CompanyListPage'));
const CompanyCreatePage = lazyPage(() => import('../features/company/pages/CompanyCreatePage'));
const CompanyDetailPage = lazyPage(() => import('../features/company/pages/CompanyDetailPage'));
const ProjectListPage = lazyPage(() => import('../features/project/pages/ProjectListPage'));
const ProjectFormPage = lazyPage(() => import('../features/project/pages/ProjectFormPage'));
const ProjectDetailPage = lazyPage(() => import('../features/project/pages/ProjectDetailPage'));
const ProjectParticipantsPage = lazyPage(
  () => import('../features/participant/pages/ProjectParticipantsPage'),
);
const ProjectManagersPage = lazyPage(() => import('../features/participant/pages/ProjectManagersPage'));
const UserListPage = lazyPage(() => import('../features/user/pages/UserListPage'));
const UserFormPage = lazyPage(() => import('../features/user/pages/UserFormPage'));
const UserDetailPage = lazyPage(() => import('../features/user/pages/UserDetailPage'));
const ResetListPage = lazyPage(() => import('../features/reset-request/pages/ResetListPage'));
const ResetDetailPage = lazyPage(() => import('../features/reset-request/pages/ResetDetailPage'));
const AlgorithmListPage = lazyPage(() => import('../features/algorithm/pages/AlgorithmListPage'));
const AlgorithmFormPage = lazyPage(() => import('../features/algorithm/pages/AlgorithmFormPage'));
const AlgorithmDetailPage = lazyPage(() => import('../features/algorithm/pages/AlgorithmDetailPage'));
const MyIndexPage = lazyPage(() => import('../features/user/pages/MyIndexPage'));
const MyUsageProjectsPage = lazyPage(() => import('../features/project/pages/MyUsageProjectsPage'));
const MyNotificationsPage = lazyPage(() => import('../features/notification/pages/MyNotificationsPage'));

type Entry = [path: string, page: ComponentType, title: string, opts?: { public?: boolean }];

function group(layout: LayoutName, area: Area, entries: Entry[]): AppRoute[] {
  return entries.map(([path, page, title, opts]) => ({
    path,
    page,
    title,
    layout,
    area,
    public: opts?.public,
  }));
}
const PUBLIC = { public: true };

const general = group('default', 'general', [
  ['/intro', IntroPage, 'nav:intro', PUBLIC],
  ['/privacyPolicy', PrivacyPolicyPage, 'nav:privacyPolicy', PUBLIC],
  ['/notices', NoticeListPage, 'nav:notices', PUBLIC],
  ['/notices/:id', NoticeDetailPage, 'nav:notices', PUBLIC],
  ['/notices/cs/:id?', CsNoticePage, 'nav:notices', PUBLIC],
  ['/notices/pri/deep', ProductPrivacyPage, 'nav:notices', PUBLIC],
  ['/notices/pri/edge', ProductPrivacyPage, 'nav:notices', PUBLIC],
  ['/notices/pri/setup-wizard', ProductPrivacyPage, 'nav:notices', PUBLIC],
]);

const fluid = [
  ...group('fluid', 'home', [['/', HomePage, 'nav:home']]),
  ...group('fluid', 'general', [
    ['/cs', CustomerServicePage, 'nav:cs', PUBLIC],
    ['/pdfViewer/:id?', PdfViewerPage, 'nav:notices'],
    ['/status', StatusPage, 'nav:home'],
    ['/wireframe', WireframePage, 'nav:home'],
  ]),
];

const auth = group('default', 'auth', [['/auth/login', LoginPage, 'auth:login.title', PUBLIC]]);

const usage = group('default', 'usage', [
  ['/resource-monitoring', ResourceMonitoringPage, 'nav:resourceMonitoring'],
  ['/resource-monitoring/train', ResourceMonitoringPage, 'nav:resourceMonitoring'],
  ['/resource-monitoring/trend', ResourceMonitoringPage, 'nav:resourceMonitoring'],
  ['/use-history', UseHistoryPage, 'nav:useHistory'],
  ['/use-history/train', UseHistoryPage, 'nav:useHistory'],
  ['/use-history/trend', UseHistoryPage, 'nav:useHistory'],
]);

const AnnotationWorkspacePage = lazyPage(
  () => import('../features/annotation/pages/AnnotationWorkspacePage'),
);
const SegmentModelPage = lazyPage(() => import('../features/annotation/pages/SegmentModelPage'));
const AugmentationAddPage = lazyPage(
  () => import('../features/processing/data-works/pages/AugmentationAddPage'),
);
const AiLabelingAddPage = lazyPage(() => import('../features/processing/data-works/pages/AiLabelingAddPage'));
const ProcessingListPage = lazyPage(() => import('../features/processing/pages/ProcessingListPage'));
const ProcessingAddPage = lazyPage(() => import('../features/processing/pages/ProcessingAddPage'));
const NewLabelingPage = lazyPage(() => import('../features/processing/pages/NewLabelingPage'));
const processingDetail = (kind: string): Entry[] => [
  [`/train/processing/:id/${kind}`, AnnotationWorkspacePage, 'nav:processing'],
  [`/train/processing/:id/${kind}/result`, AnnotationWorkspacePage, 'nav:processing'],
  [`/train/processing/:id/${kind}/index.back`, AnnotationWorkspacePage, 'nav:processing'],
  [`/train/processing/:id/${kind}/result/index.back`, AnnotationWorkspacePage, 'nav:processing'],
];

const train = group('default', 'train', [
  ['/train', DatasetPage, 'nav:dataset'],
  ['/train/dataset', DatasetPage, 'nav:dataset'],
  ['/train/processing', ProcessingListPage, 'nav:processing'],
  ['/train/processing/index.back', ProcessingListPage, 'nav:processing'],
  ['/train/processing/add', ProcessingAddPage, 'nav:processing'],
  ['/train/processing/add/ai', AiLabelingAddPage, 'nav:processing'],
  ['/train/processing/add/ai.bak', AiLabelingAddPage, 'nav:processing'],
  ['/train/processing/add/augmentation', AugmentationAddPage, 'nav:processing'],
  ['/train/processing/add/new', NewLabelingPage, 'nav:processing'],
  ...processingDetail('cf'),
  ...processingDetail('od'),
  ...processingDetail('sg'),
  ['/train/learning', LearningListPage, 'nav:learning'],
  ['/train/learning/add', LearningAddPage, 'nav:learning'],
  ['/train/learning/relearning', RelearningPage, 'nav:learning'],
  ['/train/learning/:id/cf', LearningModelPage, 'nav:learning'],
  ['/train/learning/:id/od', LearningModelPage, 'nav:learning'],
  ['/train/learning/:id/sg', LearningModelPage, 'nav:learning'],
  ['/train/inference', EvaluationListPage, 'nav:inference'],
  ['/train/inference/add', EvaluationAddPage, 'nav:inference'],
  ['/train/inference/compare', CompareListPage, 'nav:inference'],
  ['/train/inference/compare/:id', CompareDetailPage, 'nav:inference'],
  ['/train/inference/:id', EvaluationDetailPage, 'nav:inference'],
  ['/train/inference/:id/cf', EvaluationDetailPage, 'nav:inference'],
  ['/train/inference/:id/od', EvaluationDetailPage, 'nav:inference'],
  ['/train/inference/:id/sg', EvaluationDetailPage, 'nav:inference'],
  ['/train/inference/:id/result/ad', EvaluationResultPage, 'nav:inference'],
  ['/train/inference/:id/result/cf', EvaluationResultPage, 'nav:inference'],
  ['/train/inference/:id/result/od', EvaluationResultPage, 'nav:inference'],
  ['/train/inference/:id/result/sg', EvaluationResultPage, 'nav:inference'],
]);

const monitoring = group('monitoring', 'monitoring', [
  ['/monitoring', LineStatusPage, 'nav:lineStatus'],
  ['/monitoring/inspection', InspectionPage, 'nav:inspection'],
  ['/monitoring/inspection/option', VerificationOptionPage, 'nav:inspection'],
  ['/monitoring/inspection/report', InspectionReportPage, 'nav:inspectionReport'],
  ['/monitoring/inspection/sampling', SamplingPage, 'nav:inspection'],
  ['/monitoring/inspection/:id', InspectionDetailPage, 'nav:inspection'],
  ['/monitoring/inspection/:id/cf', InspectionDetailPage, 'nav:inspection'],
  ['/monitoring/inspection/:id/od', InspectionDetailPage, 'nav:inspection'],
  ['/monitoring/inspection/:id/result/cf', InspectionDetailPage, 'nav:inspection'],
  ['/monitoring/inspection/:id/result/od', InspectionDetailPage, 'nav:inspection'],
  ['/monitoring/line', LineReportPage, 'nav:lineReport'],
  ['/monitoring/line/index_dummy', LineReportPage, 'nav:lineReport'],
  ['/monitoring/line/report', LineReportPage, 'nav:lineReport'],
  ['/monitoring/line/report/search', LineReportPage, 'nav:lineReport'],
  ['/monitoring/model-history', ModelHistoryPage, 'nav:modelHistory'],
]);

const my = group('default', 'my', [
  ['/my', MyIndexPage, 'nav:myInfo'],
  ['/my/change-password', ChangePasswordPage, 'account:changePassword.title'],
  ['/my/notifications', MyNotificationsPage, 'nav:notifications'],
  ['/my/projects', ProjectListPage, 'nav:myProjects'],
  ['/my/projects/create', ProjectFormPage, 'nav:myProjects'],
  ['/my/projects/:id', ProjectDetailPage, 'nav:myProjects'],
  ['/my/projects/:id/edit', ProjectFormPage, 'nav:myProjects'],
  ['/my/projects/:id/user', ProjectParticipantsPage, 'nav:myProjects'],
  ['/my/projects/:id/user/manager', ProjectManagersPage, 'nav:myProjects'],
  ['/my/statistics', MyStatisticsPage, 'nav:myStatistics'],
  ['/my/statistics/train', MyStatisticsPage, 'nav:myStatistics'],
  ['/my/statistics/trend', MyStatisticsPage, 'nav:myStatistics'],
  ['/my/usage-projects', MyUsageProjectsPage, 'nav:myProjects'],
  ['/my/user', UserListPage, 'nav:myUsers'],
  ['/my/user/create', UserFormPage, 'nav:myUsers'],
  ['/my/user/:id', UserDetailPage, 'nav:myUsers'],
  ['/my/user/:id/edit', UserFormPage, 'nav:myUsers'],
]);

const admin = group('admin', 'admin', [
  ['/admin', DashboardPage, 'nav:dashboard'],
  ['/admin/history', HistoryPage, 'nav:dashboard'],
  ['/admin/algorithm', AlgorithmListPage, 'nav:algorithm'],
  ['/admin/algorithm/create', AlgorithmFormPage, 'nav:algorithm'],
  ['/admin/algorithm/segment-model', SegmentModelPage, 'nav:algorithm'],
  ['/admin/algorithm/:id', AlgorithmDetailPage, 'nav:algorithm'],
  ['/admin/algorithm/:id/edit', AlgorithmFormPage, 'nav:algorithm'],
  ['/admin/company', CompanyListPage, 'nav:company'],
  ['/admin/company/create', CompanyCreatePage, 'nav:company'],
  ['/admin/company/:id', CompanyDetailPage, 'nav:company'],
  ['/admin/notice', NoticeAdminListPage, 'nav:notice'],
  ['/admin/notice/create', NoticeFormPage, 'nav:notice'],
  ['/admin/notice/company', NoticeAdminListPage, 'nav:notice'],
  ['/admin/notice/company/create', NoticeFormPage, 'nav:notice'],
  ['/admin/notice/company/:id', NoticeAdminDetailPage, 'nav:notice'],
  ['/admin/notice/company/:id/edit', NoticeFormPage, 'nav:notice'],
  ['/admin/notice/:id', NoticeAdminDetailPage, 'nav:notice'],
  ['/admin/notice/:id/edit', NoticeFormPage, 'nav:notice'],
  ['/admin/project', ProjectListPage, 'nav:project'],
  ['/admin/project/create', ProjectFormPage, 'nav:project'],
  ['/admin/project/:id', ProjectDetailPage, 'nav:project'],
  ['/admin/project/:id/edit', ProjectFormPage, 'nav:project'],
  ['/admin/project/:id/user', ProjectParticipantsPage, 'nav:project'],
  ['/admin/project/:id/user/manager', ProjectManagersPage, 'nav:project'],
  ['/admin/user', UserListPage, 'nav:user'],
  ['/admin/user/create', UserFormPage, 'nav:user'],
  ['/admin/user/reset', ResetListPage, 'nav:user'],
  ['/admin/user/reset/:id', ResetDetailPage, 'nav:user'],
  ['/admin/user/:id', UserDetailPage, 'nav:user'],
  ['/admin/user/:id/edit', UserFormPage, 'nav:user'],
  ['/admin/statistics/train', AdminStatisticsPage, 'nav:useHistory'],
  ['/admin/statistics/trend', AdminStatisticsPage, 'nav:useHistory'],
]);

export const APP_ROUTES: AppRoute[] = [
  ...auth,
  ...general,
  ...fluid,
  ...usage,
  ...train,
  ...monitoring,
  ...my,
  ...admin,
];
