// The editor and its styles come with this module only: the blog's form loads it lazily (BlogFormPage.tsx).
import '@mantine/tiptap/styles.layer.css';
import './blog.css';
import { Button, Checkbox, Group, Input, Popover, Stack, TextInput } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { Link, RichTextEditor, type RichTextEditorLabels, useRichTextEditorContext } from '@mantine/tiptap';
import type { Language } from '@ps/contracts/common/languages';
import { useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconLink } from '../../components/icons';
import { normaliseLinkInput } from './format';
import { useTamilFontStack } from './tamilFont';

export interface RichTextFieldProps {
  label: string;
  description?: string;
  required?: boolean;
  error?: string | undefined;
  /** The stored HTML the editor starts with. */
  initialValue: string;
  /** The editor's HTML; '' when it holds no text. */
  onChange: (html: string) => void;
  onBlur: () => void;
  /** The post's language: the text is marked with it (screen readers, fonts, spell checking). */
  language: Language;
}

/**
 * The link button: an address field, "open in a new tab" and Save / Remove, all named. (Mantine's own link control
 * has a new-tab toggle without an accessible name, which axe refuses.) Ctrl/Cmd+K opens it too.
 */
function LinkControl() {
  const { t } = useTranslation();
  const { editor } = useRichTextEditorContext();
  const [opened, setOpened] = useState(false);
  const [url, setUrl] = useState('');
  const [newTab, setNewTab] = useState(true);
  const inputId = useId();
  const active = useEditorState({
    editor,
    selector: (state) => (state.editor && !state.editor.isDestroyed ? state.editor.isActive('link') : false),
  });

  const open = () => {
    const current = editor?.getAttributes('link') as { href?: string; target?: string | null } | undefined;
    setUrl(current?.href ?? '');
    setNewTab(current?.href ? current.target === '_blank' : true);
    setOpened(true);
  };
  useWindowEvent('edit-link', open);
  const save = () => {
    const href = normaliseLinkInput(url);
    const chain = editor?.chain().focus().extendMarkRange('link');
    if (href === '') chain?.unsetLink().run();
    else chain?.setLink({ href, target: newTab ? '_blank' : null }).run();
    setOpened(false);
  };
  const remove = () => {
    editor?.chain().focus().extendMarkRange('link').unsetLink().run();
    setOpened(false);
  };

  return (
    <Popover opened={opened} onChange={setOpened} trapFocus shadow="md" withinPortal position="bottom" zIndex={10_000}>
      <Popover.Target>
        <RichTextEditor.Control
          aria-label={t('blog.editor.link')}
          title={t('blog.editor.link')}
          active={active ?? false}
          onClick={() => (opened ? setOpened(false) : open())}
        >
          <IconLink size={16} stroke={1.5} aria-hidden />
        </RichTextEditor.Control>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" miw={260}>
          <TextInput
            id={inputId}
            label={t('blog.editor.linkAddress')}
            placeholder="https://"
            type="url"
            value={url}
            onChange={(event) => setUrl(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                save();
              }
            }}
            data-autofocus
          />
          <Checkbox label={t('blog.editor.linkNewTab')} checked={newTab} onChange={(event) => setNewTab(event.currentTarget.checked)} />
          <Group gap="xs" justify="flex-end">
            {active ? (
              <Button variant="default" onClick={remove}>
                {t('blog.editor.linkRemove')}
              </Button>
            ) : null}
            <Button onClick={save}>{t('blog.editor.linkSave')}</Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

/** What the editor makes: the post's title is its h1, so headings in the body start at h2. Made once (the editor compares them by identity). */
const extensions = [
  StarterKit.configure({ link: false, heading: { levels: [2, 3, 4] } }),
  Link.configure({ openOnClick: false, autolink: true, defaultProtocol: 'https', protocols: ['http', 'https', 'mailto'] }),
];

/**
 * The post's body: Mantine's rich text editor on Tiptap, with only what the API keeps (paragraphs, headings 2-4,
 * bold, italic, underline, strike, code, lists, quotes, rules, links). Every button is named in the user's language.
 */
export function RichTextField({ label, description, required, error, initialValue, onChange, onBlur, language }: RichTextFieldProps) {
  const { t } = useTranslation();
  const labelId = useId();
  const errorId = useId();
  const descriptionId = useId();
  const tamilStack = useTamilFontStack(language === 'ta');
  const describedBy = [description ? descriptionId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  // The content element's name, description and state follow the field (a changed object updates the editor in place).
  const editorProps = useMemo(
    () => ({
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
        ...(required ? { 'aria-required': 'true' } : {}),
        lang: language,
        spellcheck: 'true',
        'data-testid': 'blog-body-editor',
      },
    }),
    [labelId, describedBy, error, required, language],
  );
  const editor = useEditor({
    extensions,
    content: initialValue,
    editorProps,
    // Mantine's controls show their active state from the editor's state (Tiptap 3).
    shouldRerenderOnTransaction: true,
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
    onBlur: () => onBlur(),
  });

  const labels: Partial<RichTextEditorLabels> = {
    boldControlLabel: t('blog.editor.bold'),
    italicControlLabel: t('blog.editor.italic'),
    underlineControlLabel: t('blog.editor.underline'),
    strikeControlLabel: t('blog.editor.strike'),
    clearFormattingControlLabel: t('blog.editor.clearFormatting'),
    codeControlLabel: t('blog.editor.code'),
    codeBlockControlLabel: t('blog.editor.codeBlock'),
    h2ControlLabel: t('blog.editor.h2'),
    h3ControlLabel: t('blog.editor.h3'),
    h4ControlLabel: t('blog.editor.h4'),
    blockquoteControlLabel: t('blog.editor.blockquote'),
    hrControlLabel: t('blog.editor.hr'),
    bulletListControlLabel: t('blog.editor.bulletList'),
    orderedListControlLabel: t('blog.editor.orderedList'),
    unlinkControlLabel: t('blog.editor.unlink'),
    undoControlLabel: t('blog.editor.undo'),
    redoControlLabel: t('blog.editor.redo'),
  };

  return (
    <Input.Wrapper
      label={label}
      labelProps={{ id: labelId, component: 'div' } as never}
      description={description}
      descriptionProps={{ id: descriptionId }}
      error={error}
      errorProps={{ id: errorId }}
      required={required}
    >
      <RichTextEditor
        editor={editor}
        labels={labels}
        mt={4}
        style={{
          borderColor: error ? 'var(--mantine-color-error)' : undefined,
          ...(tamilStack ? { fontFamily: tamilStack } : {}),
        }}
      >
        <RichTextEditor.Toolbar sticky stickyOffset={60} aria-label={t('blog.editor.toolbar')} role="toolbar">
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.Strikethrough />
            <RichTextEditor.Code />
            <RichTextEditor.ClearFormatting />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.H2 />
            <RichTextEditor.H3 />
            <RichTextEditor.H4 />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
            <RichTextEditor.Blockquote />
            <RichTextEditor.CodeBlock />
            <RichTextEditor.Hr />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <LinkControl />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Undo />
            <RichTextEditor.Redo />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content mih={240} className="ps-blog-content" />
      </RichTextEditor>
    </Input.Wrapper>
  );
}

export default RichTextField;
