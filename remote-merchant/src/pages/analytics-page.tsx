import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { WalletAnalytics } from '@wallet/shared/ui/wallet/wallet-analytics';

/** Its own chunk (a lazy route): MUI X Charts loads only when this page is opened. */
export default function AnalyticsPage() {
  return <WalletAnalytics charts={{ BarChart, LineChart }} />;
}
