import { createRoot } from 'react-dom/client';
import '@bilan/web/styles/theme.css';
import '@bilan/web/styles/controls.css';
import '@bilan/web/styles/blocks.css';
import { Frame } from './Frame';
import { Shell } from './Shell';
import './preview.css';

// One page, two roles: the editor's shell, and the questionnaire inside its frame (an iframe, so
// that the site's phone and tablet layouts apply at the width chosen).
const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
createRoot(container).render(new URLSearchParams(window.location.search).has('frame') ? <Frame /> : <Shell />);
