import { useEffect } from 'react';
import { ToastContainer } from 'react-toastify';
import 'react-toastify/dist/ReactToastify.css';
import { UI } from '@shared/shell-limits';
import { toastContainerReady } from '@/lib/toast';

/** Toasts exactly as spec 1 section 9: top-right, 5 s, pause on hover and focus loss, drag 80 %, light. */
export default function Toaster() {
  useEffect(() => toastContainerReady(), []);
  return <ToastContainer position="top-right" autoClose={UI.toastAutoCloseMs} pauseOnHover pauseOnFocusLoss draggable draggablePercent={80} theme="light" />;
}
