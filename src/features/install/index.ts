// What other features use of install: the account menu's "Install app" item and the iPhone help.
export { InstallMenuItem, type InstallMenuItemProps } from './install-menu-item.tsx';
export { IosInstallHelp } from './ios-install-help.tsx';
