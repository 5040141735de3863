// /admin/company/{id}: the company's facts, its projects and its users; rename and add an administrator.
import { Button, Tabs } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconEdit, IconPlus, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { useCompany } from '../api/companies';
import { ChangeCompanyNameDialog } from '../components/ChangeCompanyNameDialog';
import { FactGrid } from '../../../components/FactGrid';
import { PageFrame } from '../../../components/PageFrame';
import { CompanyProjectsTable } from '../components/CompanyProjectsTable';
import { CompanyUsersTable } from '../components/CompanyUsersTable';
import { Spinner } from '../../../components/shared';
import { formatDate } from '../../../utils/format';

export default function CompanyDetailPage() {
  const { t } = useTranslation('admin');
  const id = Number(useParams().id);
  const { data: company } = useCompany(id);
  const [renameOpen, rename] = useDisclosure(false);

  if (!company) return <Spinner />;
  const facts: [string, string | number][] = [
    [t('company.name'), company.name],
    [t('company.projectCount'), company.projectCount],
    [t('company.lineCount'), company.lineCount],
    [t('company.adminCount'), company.adminCount],
    [t('company.userCount'), company.userCount],
    [t('common.createdAt'), formatDate(company.createdAt)],
  ];

  return (
    <PageFrame
      title={company.name}
      testId="company-detail"
      back={{ to: '/admin/company', label: t('company.listTitle') }}
      actions={
        <>
          <Button variant="default" leftSection={<IconEdit size={16} />} onClick={rename.open}>
            {t('company.rename')}
          </Button>
          <Button
            component={Link}
            to={`/admin/user/create?companyId=${id}`}
            leftSection={<IconUserPlus size={16} />}
          >
            {t('user.create')}
          </Button>
          <Button
            component={Link}
            to={`/admin/project/create?companyId=${id}`}
            leftSection={<IconPlus size={16} />}
          >
            {t('project.create')}
          </Button>
        </>
      }
    >
      <FactGrid facts={facts} />
      <Tabs defaultValue="projects" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="projects">{t('company.projectsTab')}</Tabs.Tab>
          <Tabs.Tab value="users">{t('company.usersTab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="projects" pt="md">
          <CompanyProjectsTable companyId={id} />
        </Tabs.Panel>
        <Tabs.Panel value="users" pt="md">
          <CompanyUsersTable companyId={id} />
        </Tabs.Panel>
      </Tabs>
      <ChangeCompanyNameDialog opened={renameOpen} onClose={rename.close} company={company} />
    </PageFrame>
  );
}
