"""Packaging for vmr_lit, driven by settings.ini (nbdev's single source of metadata).

Written without `pkg_resources`, which current setuptools no longer ships."""
from configparser import ConfigParser
from pathlib import Path
import setuptools

cfg = ConfigParser(delimiters=['='])
cfg.read(Path(__file__).parent / 'settings.ini', encoding='utf-8')
cfg = cfg['DEFAULT']

licenses = {'apache2': ('Apache Software License 2.0', 'OSI Approved :: Apache Software License')}
statuses = ['1 - Planning', '2 - Pre-Alpha', '3 - Alpha', '4 - Beta', '5 - Production/Stable', '6 - Mature', '7 - Inactive']
lic = licenses[cfg['license']]
requirements = cfg.get('requirements', '').split()
dev_requirements = cfg.get('dev_requirements', '').split()
min_python = cfg['min_python']
py_versions = ['3.9', '3.10', '3.11', '3.12', '3.13']

setuptools.setup(
    name=cfg['lib_name'],
    version=cfg['version'],
    description=cfg['description'],
    long_description=(Path(__file__).parent / 'README.md').read_text(encoding='utf-8'),
    long_description_content_type='text/markdown',
    author=cfg['author'],
    author_email=cfg['author_email'],
    url=cfg['git_url'],
    license=lic[0],
    keywords=cfg['keywords'],
    classifiers=[
        'Development Status :: ' + statuses[int(cfg['status']) - 1],
        'Intended Audience :: ' + cfg['audience'].title(),
        'Natural Language :: ' + cfg['language'].title(),
        'License :: ' + lic[1],
    ] + ['Programming Language :: Python :: ' + v for v in py_versions[py_versions.index(min_python):]],
    packages=setuptools.find_packages(include=['vmr_lit', 'vmr_lit.*']),
    include_package_data=True,
    package_data={'vmr_lit': ['resources/*']},
    install_requires=requirements,
    extras_require={'dev': dev_requirements, 'meteor': cfg.get('meteor_requirements', '').split(),
                    'java': cfg.get('java_requirements', '').split()},
    python_requires='>=' + min_python,
    entry_points={'console_scripts': cfg.get('console_scripts', '').split('\n') if cfg.get('console_scripts') else [],
                  'nbdev': [f"{cfg['lib_name']}={cfg['lib_name']}._modidx:d"]},
    zip_safe=False,
)
