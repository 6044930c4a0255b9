import { render } from 'preact';
import { App } from './App';
import './book.css';
import { readBookingPage, viewOf } from './page';

const page = readBookingPage();
const root = document.getElementById('root');
if (root && page) render(<App page={page} view={viewOf(window.location.pathname)} />, root);
else if (root) root.textContent = 'This booking page is not available. / இந்த முன்பதிவுப் பக்கம் கிடைக்கவில்லை.';
