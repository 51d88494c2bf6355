import {
  AuditOutlined,
  BankOutlined,
  CalendarOutlined,
  CarOutlined,
  DollarOutlined,
  FileProtectOutlined,
  FileTextOutlined,
  FileSearchOutlined,
  FireOutlined,
  MessageOutlined,
  MonitorOutlined,
  NotificationOutlined,
  ReadOutlined,
  ScheduleOutlined,
  ReconciliationOutlined,
  StopOutlined,
  TransactionOutlined,
} from '@ant-design/icons';
import type { consoleApi } from '@chepai/shared';
import { lazy, type ReactNode } from 'react';
import type { StoredOperator } from './console-api';

// Each page is a chunk of its own, fetched when first opened.
const ReviewPage = lazy(() => import('./pages/review-page').then((m) => ({ default: m.ReviewPage })));
const MonitorPage = lazy(() => import('./pages/monitor-page').then((m) => ({ default: m.MonitorPage })));
const CalendarPage = lazy(() => import('./pages/calendar-page').then((m) => ({ default: m.CalendarPage })));
const TemplatesPage = lazy(() =>
  import('./pages/templates-page').then((m) => ({ default: m.TemplatesPage })),
);
const UnitsPage = lazy(() => import('./pages/units-page').then((m) => ({ default: m.UnitsPage })));
const AuditPage = lazy(() => import('./pages/audit-page').then((m) => ({ default: m.AuditPage })));
const DeliveriesPage = lazy(() =>
  import('./pages/deliveries-page').then((m) => ({ default: m.DeliveriesPage })),
);
const DealsPage = lazy(() => import('./pages/deals-page').then((m) => ({ default: m.DealsPage })));
const ContractsPage = lazy(() =>
  import('./pages/contracts-page').then((m) => ({ default: m.ContractsPage })),
);
const DefaultsPage = lazy(() => import('./pages/defaults-page').then((m) => ({ default: m.DefaultsPage })));
const PaymentsPage = lazy(() => import('./pages/payments-page').then((m) => ({ default: m.PaymentsPage })));
const PayoutsPage = lazy(() => import('./pages/payouts-page').then((m) => ({ default: m.PayoutsPage })));
const InvoicesPage = lazy(() => import('./pages/invoices-page').then((m) => ({ default: m.InvoicesPage })));
const ReconciliationPage = lazy(() =>
  import('./pages/reconciliation-page').then((m) => ({ default: m.ReconciliationPage })),
);
const AnnouncementsPage = lazy(() =>
  import('./pages/announcements-page').then((m) => ({ default: m.AnnouncementsPage })),
);
const ArticlesPage = lazy(() => import('./pages/articles-page').then((m) => ({ default: m.ArticlesPage })));
const KeywordsPage = lazy(() => import('./pages/keywords-page').then((m) => ({ default: m.KeywordsPage })));

/** One page of the console: its address under /console/, its menu entry and who may open it. */
export interface ConsolePage {
  path: string;
  label: string;
  icon: ReactNode;
  /** Roles that see the page; admin sees every page. */
  roles: consoleApi.OperatorRole[];
  render: (operator: StoredOperator) => ReactNode;
}

/** The menu, in order; the first page the operator may open is where the console lands. */
export const CONSOLE_PAGES: ConsolePage[] = [
  {
    path: 'review',
    label: '审核队列',
    icon: <FileSearchOutlined />,
    roles: ['reviewer', 'scheduler'],
    render: (op) => <ReviewPage operator={op} />,
  },
  {
    path: 'monitor',
    label: '拍品监控',
    icon: <MonitorOutlined />,
    roles: ['reviewer', 'scheduler', 'finance'],
    render: (op) => <MonitorPage operator={op} />,
  },
  {
    path: 'calendar',
    label: '场次日历',
    icon: <CalendarOutlined />,
    roles: ['reviewer', 'scheduler', 'finance'],
    render: () => <CalendarPage />,
  },
  {
    path: 'templates',
    label: '场次模板',
    icon: <ScheduleOutlined />,
    roles: ['reviewer', 'scheduler'],
    render: (op) => <TemplatesPage operator={op} />,
  },
  {
    path: 'units',
    label: '处置单位',
    icon: <BankOutlined />,
    roles: ['finance', 'reviewer'],
    render: (op) => <UnitsPage operator={op} />,
  },
  {
    path: 'deals',
    label: '成交管理',
    icon: <CarOutlined />,
    roles: ['reviewer', 'scheduler', 'finance'],
    render: (op) => <DealsPage operator={op} />,
  },
  {
    path: 'contracts',
    label: '签署件审核',
    icon: <FileProtectOutlined />,
    roles: ['reviewer'],
    render: (op) => <ContractsPage operator={op} />,
  },
  {
    path: 'defaults',
    label: '违约与禁拍',
    icon: <StopOutlined />,
    roles: ['reviewer', 'finance'],
    render: (op) => <DefaultsPage operator={op} />,
  },
  {
    path: 'payments',
    label: '支付与退款',
    icon: <TransactionOutlined />,
    roles: ['finance'],
    render: (op) => <PaymentsPage operator={op} />,
  },
  {
    path: 'payouts',
    label: '结算打款',
    icon: <DollarOutlined />,
    roles: ['finance'],
    render: () => <PayoutsPage />,
  },
  {
    path: 'invoices',
    label: '发票管理',
    icon: <FileTextOutlined />,
    roles: ['finance'],
    render: () => <InvoicesPage />,
  },
  {
    path: 'reconciliation',
    label: '对账差异',
    icon: <ReconciliationOutlined />,
    roles: ['finance'],
    render: () => <ReconciliationPage />,
  },
  {
    path: 'announcements',
    label: '公告管理',
    icon: <NotificationOutlined />,
    roles: ['editor'],
    render: () => <AnnouncementsPage />,
  },
  {
    path: 'articles',
    label: '帮助文章',
    icon: <ReadOutlined />,
    roles: ['editor'],
    render: () => <ArticlesPage />,
  },
  {
    path: 'keywords',
    label: '热门搜索',
    icon: <FireOutlined />,
    roles: ['editor'],
    render: () => <KeywordsPage />,
  },
  {
    path: 'audit',
    label: '审计日志',
    icon: <AuditOutlined />,
    roles: ['reviewer', 'scheduler', 'finance', 'editor'],
    render: () => <AuditPage />,
  },
  {
    path: 'deliveries',
    label: '消息投递',
    icon: <MessageOutlined />,
    roles: ['reviewer', 'scheduler', 'finance'],
    render: () => <DeliveriesPage />,
  },
];
