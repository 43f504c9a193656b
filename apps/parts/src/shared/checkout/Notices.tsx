import { Banner } from '@portal/ui';
import { CART_COPY } from '../cart/copy';

/** What reconciling the cart with the server changed, line by line. */
export function Notices({ notices }: { notices: string[] }) {
  return (
    <Banner variant="warning" title={CART_COPY.reconciledTitle}>
      <ul>
        {notices.map((notice, i) => (
          <li key={`${i}-${notice}`}>{notice}</li>
        ))}
      </ul>
    </Banner>
  );
}
