import { Outlet } from 'react-router-dom';
import { Footer } from '../site/Footer';

/** The patient and demo screens share the site's footer (legal links, contact). */
export function PatientLayout() {
  return (
    <>
      <Outlet />
      <Footer />
    </>
  );
}
