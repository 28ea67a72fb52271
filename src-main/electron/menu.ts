import { Menu, type MenuItemConstructorOptions } from 'electron';

/** The standard menus; developer tools and reload only in unpackaged builds. */
export function menuTemplate(platform: NodeJS.Platform, isPackaged: boolean): MenuItemConstructorOptions[] {
  const developer: MenuItemConstructorOptions[] = isPackaged
    ? []
    : [{ type: 'separator' }, { role: 'reload' }, { role: 'toggleDevTools' }];
  return [
    ...(platform === 'darwin' ? [{ role: 'appMenu' } as const] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    {
      label: 'View',
      submenu: [{ role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }, { type: 'separator' }, { role: 'togglefullscreen' }, ...developer],
    },
    { role: 'windowMenu' },
  ];
}

export function installMenu(platform: NodeJS.Platform, isPackaged: boolean): void {
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(platform, isPackaged)));
}
