// Mantine's styles, in the `mantine` CSS layer (so app.css wins whatever the load order): the global ones
// and only the components the sign-in screens use. The signed-in app loads the rest (app/shell/layouts.tsx).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Image.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/InlineInput.layer.css';
import '@mantine/core/styles/Checkbox.layer.css';
import '@mantine/core/styles/CheckboxIndicator.layer.css';
import './app/app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { initI18n } from './lib/i18n';
import { adoptClientKeyFromPage } from './lib/session';

adoptClientKeyFromPage();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
// The active language's messages arrive in their own small chunk before the first render.
try {
  await initI18n();
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
} catch {
  // No messages to say it with: both languages, plain text.
  container.textContent = 'The application could not load. Reload the page. · பயன்பாடு ஏற்றப்படவில்லை. பக்கத்தை மீண்டும் ஏற்றவும்.';
}
