// The audit log page's words, pt-BR and English.
export const AUDIT_TEXT = {
  'pt-BR': {
    title: 'Auditoria',
    intro: 'Quem fez o quê: as alterações feitas por chaves de API e por membros deste painel, mais recentes primeiro.',
    when: 'Quando',
    who: 'Quem',
    action: 'Ação',
    resource: 'Recurso',
    apiKey: 'Chave de API',
    empty: 'Nada registrado ainda.',
    older: 'Mais antigos',
    forbidden: 'Somente proprietários e administradores leem a auditoria.',
  },
  en: {
    title: 'Audit log',
    intro: 'Who did what: the changes made by API keys and by members of this dashboard, newest first.',
    when: 'When',
    who: 'Who',
    action: 'Action',
    resource: 'Resource',
    apiKey: 'API key',
    empty: 'Nothing recorded yet.',
    older: 'Older',
    forbidden: 'Only owners and admins read the audit log.',
  },
} as const;
